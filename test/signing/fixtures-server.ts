// A minimal server verifying the way the service does, so tests cover the full HTTP round trip.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalog } from '../../src/errors.js';
import { SigningError } from '../../src/signing/errors.js';
import type { SignedRequest } from '../../src/signing/components.js';
import { checkContentDigest } from '../../src/signing/content-digest.js';
import { checkWindow, parseSignature } from '../../src/signing/parse.js';
import { signatureBase } from '../../src/signing/signature-base.js';
import { algMatches, verifySignature, type VerifyKey } from '../../src/signing/verify.js';

export interface Outcome { status: number; code?: string; keyId?: string; target?: string }

export function verifyRequest(req: SignedRequest, body: Buffer, keys: Record<string, VerifyKey>, now = Math.floor(Date.now() / 1000)): Outcome {
  try {
    const parsed = parseSignature(req, body.length > 0);
    const key = keys[parsed.keyId];
    if (!key) return { status: 401, code: 'unknown_key' };
    checkWindow(parsed, now, 300);
    checkContentDigest(req.headers['content-digest'], body);
    if (!algMatches(parsed.alg, key.algorithm)) throw new SigningError('signature_invalid', 'alg does not match');
    if (!verifySignature(signatureBase(req, parsed), parsed.signature, key)) throw new SigningError('signature_invalid', 'bad signature');
    return { status: 200, keyId: parsed.keyId, target: req.target };
  } catch (e) {
    if (e instanceof SigningError) return { status: catalog[e.code][0], code: e.code };
    throw e;
  }
}

export function toSignedRequest(req: IncomingMessage): SignedRequest {
  return {
    method: req.method ?? '',
    target: req.url ?? '',
    authority: (req.headers.host ?? '').toLowerCase(),
    scheme: 'http',
    headers: req.headers,
  };
}

export async function startServer(keys: Record<string, VerifyKey>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const outcome = verifyRequest(toSignedRequest(req), Buffer.concat(chunks), keys);
      res.writeHead(outcome.status, { 'content-type': 'application/json' }).end(JSON.stringify(outcome));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
