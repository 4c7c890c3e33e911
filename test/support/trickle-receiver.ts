// A hostile webhook receiver on loopback: it answers 200 at once, then sends its body one byte per
// `everyMs`, so an attempt to it lasts as long as the sender lets it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TrickleReceiver {
  base: string;
  /** Requests whose answer is still trickling. */
  open: number;
  /** The most that were open at once. */
  most: number;
  /** Bytes sent so far, over all requests. */
  sent: number;
  /** Requests that ended (the sender gave up or the body was complete). */
  ended: number;
  close(): Promise<void>;
}

export async function startTrickleReceiver(everyMs = 1000, length = 1000): Promise<TrickleReceiver> {
  const receiver: TrickleReceiver = {
    base: '', open: 0, most: 0, sent: 0, ended: 0,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
  const server = http.createServer((req, res) => {
    req.resume();
    receiver.most = Math.max(receiver.most, ++receiver.open);
    res.writeHead(200, { 'content-length': String(length) });
    const timer = setInterval(() => {
      receiver.sent++;
      res.write('.');
    }, everyMs);
    res.on('close', () => {
      clearInterval(timer);
      receiver.open--;
      receiver.ended++;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/** Polls `ready` every 20 ms (the receiver's counters change between polls); fails the wait after `ms`. */
export async function until(ready: () => boolean | Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ready())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
