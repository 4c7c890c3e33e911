import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

export const maxBodyBytes = 1024 * 1024;

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
