// One attempt: POST the body, read at most 64 KiB of the answer, all within 10 s: the timer runs
// from the start of the attempt to the answer's last byte and is never reset by a byte that
// arrives, so a receiver trickling its answer cannot hold a slot any longer. The
// host is resolved here, at send time, and every address it resolves to is checked, so a DNS
// answer that changed since the endpoint was added cannot reach a refused range. Redirects are
// answers like any other (3xx: a failure), never followed.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type BlockList, type LookupFunction } from 'node:net';
import { refusal } from './addresses.js';
import { attemptTimeoutMs } from './schedule.js';

export interface Outcome {
  /** The answer's status; undefined when there was none (refused, unreachable, timed out). */
  status?: number;
  bytes: number;
  durationMs: number;
  error?: string;
}

const maxAnswerBytes = 64 * 1024;

class Refused extends Error {}

function guardedLookup(allowed: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.map((a) => refusal(a.address, allowed)).find(Boolean);
      if (refused) return callback(new Refused(refused), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

export function post(rawUrl: string, headers: Record<string, string>, body: string, allowed: BlockList, timeoutMs = attemptTimeoutMs): Promise<Outcome> {
  const started = performance.now();
  const done = (o: Omit<Outcome, 'durationMs'>): Outcome => ({ ...o, durationMs: Math.round(performance.now() - started) });
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) ? refusal(host, allowed) : undefined;
  if (literal) return Promise.resolve(done({ bytes: 0, error: `refused: ${literal}` }));
  return new Promise((resolve) => {
    let settled = false;
    const finish = (o: Omit<Outcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'partner-service-webhooks' },
      lookup: guardedLookup(allowed),
      agent: agents[url.protocol as 'http:' | 'https:'],
    }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= maxAnswerBytes) {
          res.destroy();
          finish({ status: res.statusCode, bytes: maxAnswerBytes });
        }
      });
      res.on('end', () => finish({ status: res.statusCode, bytes }));
      res.on('error', () => finish({ status: res.statusCode, bytes }));
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ bytes: 0, error: `no complete answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({ bytes: 0, error: error instanceof Refused ? `refused: ${error.message}` : `connection failed: ${error.code ?? error.message}` });
    });
    req.end(body);
  });
}
