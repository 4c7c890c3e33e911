import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

const maxBodyBytes = 1024 * 1024;

/** Whether the request announces a body (a non-zero length or a chunked transfer). */
export function announcesBody(headers: IncomingMessage['headers']): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return length !== '0';
  return headers['transfer-encoding'] !== undefined;
}

const tooLarge = () => new ApiError('payload_too_large', `the body exceeds ${maxBodyBytes} bytes`);

/**
 * The client went away before its body ended. Its own error, not the socket's: a stream's
 * ECONNRESET must not read as the database being unreachable.
 */
const cutShort = () => new ApiError('invalid_request', 'the client closed the connection before the body ended');

/**
 * Reads the whole body, refusing (413) anything over 1 MiB without reading on: the server
 * closes the connection after the answer rather than drain what is left.
 */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.off('data', onData);
        req.pause();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', () => reject(cutShort()));
    req.on('close', () => {
      if (!req.complete) reject(cutShort());
    });
  });
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let from = start + 1; ;) {
    const quote = text.indexOf('"', from);
    let escapes = 0;
    while (text[quote - 1 - escapes] === '\\') escapes++;
    if (escapes % 2 === 0) return quote;
    from = quote + 1;
  }
}
/** The JSON Pointer (RFC 6901) of a path of member names and indexes. */
export const jsonPointer = (keys: string[]): string => keys.map((k) => '/' + k.replace(/~/g, '~0').replace(/\//g, '~1')).join('');

/**
 * The JSON Pointer of the first object member that `text` (valid JSON) names twice at any depth,
 * escapes decoded ("a" and "\u0061" are one name); `undefined` when none is. JSON.parse keeps the
 * last value, while a proxy or a logger may read the first: such a body means two requests.
 * One pass with its own stack, so nesting depth costs nothing.
 */
export function repeatedMember(text: string): string | undefined {
  // Per open object the names seen so far; per open array its current index.
  const frames: { names?: Set<string>; index: number }[] = [];
  const path: string[] = [];
  let expectName = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      const start = i;
      i = end;
      const frame = frames.at(-1);
      if (!expectName || !frame?.names) continue;
      const name = JSON.parse(text.slice(start, end + 1)) as string;
      path[frames.length - 1] = name;
      if (frame.names.has(name)) return jsonPointer(path.slice(0, frames.length));
      frame.names.add(name);
      expectName = false;
    } else if (c === '{' || c === '[') {
      frames.push(c === '{' ? { names: new Set(), index: 0 } : { index: 0 });
      path[frames.length - 1] = '0';
      expectName = c === '{';
    } else if (c === '}' || c === ']') {
      frames.pop();
      expectName = false;
    } else if (c === ',') {
      const frame = frames.at(-1)!;
      if (frame.names) expectName = true;
      else path[frames.length - 1] = String(++frame.index);
    }
  }
  return undefined;
}
