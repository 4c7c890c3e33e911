// Requests fetch will not send (a GET with a body, a body trickled slowly), over node:http.
import http from 'node:http';
import { signRequest, type SigningKey } from '../../src/signing/client.js';

export interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: any }

export function rawRequest(base: string, method: string, path: string, options: { body?: string | Buffer; headers?: Record<string, string>; key?: SigningKey } = {}): Promise<RawResponse> {
  const url = new URL(path, base);
  let headers: Record<string, string> = { ...options.headers };
  if (options.key) headers = signRequest({ method, url, headers, body: options.body, key: options.key });
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
