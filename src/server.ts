import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { readBody } from './http/body.js';
import { logRequest, type Log } from './http/log.js';
import { measureSql } from './http/sql-timing.js';
import { handle, type App, type Incoming } from './http/pipeline.js';
import { requestIdFor } from './http/respond.js';

export interface Listening {
  port: number;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>;
}

const newRequestId = () => 'req_' + randomBytes(12).toString('base64url');

function incoming(req: IncomingMessage, scheme: 'http' | 'https'): Incoming {
  return {
    requestId: requestIdFor(req.headers['x-request-id'], newRequestId),
    method: req.method ?? 'GET',
    target: req.url ?? '/',
    authority: (req.headers.host ?? '').toLowerCase(),
    scheme,
    headers: req.headers,
    readBody: () => readBody(req),
  };
}

export function serve(app: App, log: Log, options: { port: number; host: string; tls?: { cert: Buffer; key: Buffer } }): Promise<Listening> {
  const scheme = options.tls ? 'https' : 'http';
  let closing = false;
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const started = process.hrtime.bigint();
    const request = incoming(req, scheme);
    const [handled, sql] = await measureSql(() => handle(app, request));
    const { response } = handled;
    res.writeHead(response.status, {
      ...response.headers,
      'x-request-id': request.requestId,
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(response.body),
      ...(closing ? { connection: 'close' } : {}),
    });
    res.end(response.body);
    logRequest(log, { ...handled, ...request, started, sql, remoteAddress: req.socket.remoteAddress });
  };
  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key }, onRequest)
    : http.createServer({ keepAliveTimeout: 65_000 }, onRequest);
  server.headersTimeout = 30_000;
  server.requestTimeout = 60_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: (graceMs = 10_000) => new Promise<void>((done) => {
          closing = true;
          const timer = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close(() => {
            clearTimeout(timer);
            done();
          });
          server.closeIdleConnections();
        }),
      });
    });
  });
}
