import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors.js';

export const maxBodyBytes = 1024 * 1024;

/** Whether the request announces a body (a non-zero length or a chunked transfer). */
export function announcesBody(headers: IncomingMessage['headers']): boolean {
  const length = headers['content-length'];
  if (length !== undefined) return length !== '0';
  return headers['transfer-encoding'] !== undefined;
}

/** Reads the whole body, refusing (413) anything over 1 MiB without buffering it. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBodyBytes) {
    req.resume();
    return Promise.reject(new ApiError('payload_too_large', `the body exceeds ${maxBodyBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(new ApiError('payload_too_large', `the body exceeds ${maxBodyBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}
