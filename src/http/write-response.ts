// The response leaves in one write(2): the head as a flat array (no header object to walk), and
// the body written, then the socket uncorked at once, so Node sends head and body as one string.
// `res.end(body)` would queue an empty chunk behind them, and the two go out as writev(2).
import type { ServerResponse } from 'node:http';
import { everyResponse } from './protocol-errors.js';

const always = Object.entries(everyResponse).flat();
/** Set here only: a handler's header of one of these names is dropped, never sent twice. */
const ours = new Set([...Object.keys(everyResponse), 'x-request-id', 'content-length', 'connection']);

export function writeResponse(res: ServerResponse, status: number, headers: Record<string, string>, body: string, requestId: string, close: boolean): void {
  const head: string[] = [];
  for (const name in headers) if (!ours.has(name)) head.push(name, headers[name]!);
  head.push(...always, 'x-request-id', requestId, 'content-length', String(Buffer.byteLength(body)));
  if (close) head.push('connection', 'close');
  res.writeHead(status, head);
  if (body.length > 0) {
    res.write(body);
    res.socket?.uncork();
  }
  res.end();
}
