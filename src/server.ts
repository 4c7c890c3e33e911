import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import net, { type Socket } from 'node:net';
import { readBody } from './http/body.js';
import { logRequest, type Log } from './http/log.js';
import { handle, type App, type Incoming } from './http/pipeline.js';
import { answerProtocolError } from './http/protocol-errors.js';
import { requestIdFor } from './http/respond.js';
import { writeResponse } from './http/write-response.js';
import { listen } from './listen.js';
import { requestDone, requestStarted } from './metrics/series.js';

export interface Listening {
  port: number;
  /**
   * Drains: stops listening at once (new connections are refused), answers what arrives on open
   * connections with `Connection: close`, closes the connections still idle after `idleMs`,
   * lets in-flight requests finish (up to `graceMs`), then resolves.
   */
  close(graceMs?: number, idleMs?: number): Promise<void>;
}

// Request ids are cut from a pooled block of random bytes: one call into the CSPRNG per 340 requests.
const idBytes = 12;
let idBlock = Buffer.alloc(0);
let used = 0;
function newRequestId(): string {
  if (used + idBytes > idBlock.length) {
    idBlock = randomBytes(idBytes * 340);
    used = 0;
  }
  used += idBytes;
  return 'req_' + idBlock.toString('base64url', used - idBytes, used);
}

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
    requestStarted();
    const request = incoming(req, scheme);
    const [handled, sql] = app.timing ? await app.timing.measure(() => handle(app, request)) : [await handle(app, request), undefined];
    const { response } = handled;
    // A body left unread (a 413, a refusal before reading) is not drained: the connection closes.
    const unread = !req.complete;
    writeResponse(res, response.status, response.headers, response.body, request.requestId, closing || unread);
    const clientAborted = unread && req.destroyed;
    requestDone(handled.operation, response.status, handled.code, Number(process.hrtime.bigint() - started) / 1e9);
    // Named one by one: V8 builds `{ ...handled, ...request }` slowly (~13 µs per request here,
    // measured), more than every other step of the log together.
    logRequest(log, {
      requestId: request.requestId, method: request.method, target: request.target, started, sql, response,
      operation: handled.operation, keyId: handled.keyId, workspaceId: handled.workspaceId, fault: handled.fault,
      databaseDown: handled.databaseDown, remoteAddress: req.socket.remoteAddress, clientAborted,
    });
  };
  // Node looks for expired header and request timeouts every connectionsCheckingInterval (30 s
  // by default): checked every 250 ms, a slow client is cut within that of the configured value.
  const limits = {
    keepAliveTimeout: 65_000, headersTimeout: app.timeouts.headersMs, requestTimeout: app.timeouts.requestMs, connectionsCheckingInterval: 250,
  };
  const server = options.tls
    ? https.createServer({ cert: options.tls.cert, key: options.tls.key, ...limits }, onRequest)
    : http.createServer(limits, onRequest);
  // Per connection, not per request: what the drain must close if it never sends a request.
  const opened = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    opened.add(socket);
    socket.once('close', () => opened.delete(socket));
  });
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    const requestId = newRequestId();
    const refusal = answerProtocolError(socket, error, requestId);
    if (refusal) log('info', 'protocol error', { request_id: requestId, status: refusal.status, code: error.code });
  });

  return listen(server, options.port, options.host).then((port) => ({
    port,
    close: (graceMs = 10_000, idleMs = Math.min(1_000, graceMs / 10)) => new Promise<void>((done) => {
      closing = true;
      // net's close, not http's: that one also closes the kept-alive idle connections at once,
      // resetting a request a client is sending on one right then. Open connections get
      // `idleMs` to send a request and be answered with `Connection: close`.
      net.Server.prototype.close.call(server, () => {
        clearTimeout(idle);
        clearTimeout(timer);
        done();
      });
      const idle = setTimeout(() => {
        // http's close now only closes the kept-alive idle connections and stops the timeout
        // checks; Node counts a connection that has sent nothing as neither idle nor busy.
        server.close();
        for (const socket of opened) if (socket.bytesRead === 0) socket.destroy();
      }, idleMs);
      const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    }),
  }));
}
