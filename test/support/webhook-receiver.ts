// A partner's webhook endpoint on loopback: records every delivery and answers as the test says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = (r: Received) => number | Promise<number>;

export interface Receiver {
  base: string;
  received: Received[];
  /** How the next deliveries are answered (200 by default). */
  answer: Answer;
  /** Resolves once `count` deliveries arrived. */
  waitFor(count: number, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const waiters: Array<() => void> = [];
  const receiver: Receiver = {
    base: '',
    received: [],
    answer: () => 200,
    waitFor(count, ms = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`waited ${ms} ms for ${count} deliveries, got ${receiver.received.length}`)), ms);
        const check = () => {
          if (receiver.received.length < count) return waiters.push(check);
          clearTimeout(timer);
          resolve();
        };
        check();
      });
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const r = { path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      receiver.received.push(r);
      for (const w of waiters.splice(0)) w();
      const status = await receiver.answer(r);
      if (!res.destroyed) res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
