// The signing client partners import as `partner-service/client`. It builds the signature base with
// the very code the service verifies with, so the two cannot disagree.
import { constants, createHmac, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { ComponentId, SignedRequest } from './components.js';
import { contentDigest } from './content-digest.js';
import { signatureBase, signatureParamsValue } from './signature-base.js';

export type SigningKey =
  | { keyId: string; algorithm: 'hmac-sha256'; secret: string }
  | { keyId: string; algorithm: 'rsa2'; privateKey: string | KeyObject };

export interface SignInput {
  method: string;
  /** Absolute URL; its path and query must be sent exactly as `URL` normalizes them (fetch does). */
  url: string | URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  key: SigningKey;
  /** Unix seconds; defaults to now. */
  created?: number;
  /** Defaults to 16 random bytes, base64url (22 characters). */
  nonce?: string;
  expires?: number;
}

const label = 'sig1';

/** Returns the headers to send: the given ones (names lowercased) plus content-digest, signature-input and signature. */
export function signRequest(input: SignInput): Record<string, string> {
  const url = new URL(input.url);
  const headers = lowercaseHeaders(input.headers ?? {});
  const names = ['@method', '@authority', '@path'];
  if (url.search !== '') names.push('@query');
  if (input.body !== undefined) {
    if (headers['content-type'] === undefined) throw new TypeError('a request with a body needs a content-type header');
    headers['content-digest'] = contentDigest(Buffer.from(input.body));
    names.push('content-type', 'content-digest');
  }

  const nonce = input.nonce ?? randomBytes(16).toString('base64url');
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(nonce)) throw new TypeError('nonce must be 16 to 128 characters of [A-Za-z0-9_-]');
  const params = new Map<string, string | number>([
    ['created', input.created ?? Math.floor(Date.now() / 1000)],
    ['keyid', input.key.keyId],
    ['nonce', nonce],
    ['alg', input.key.algorithm === 'rsa2' ? 'rsa-v1_5-sha256' : 'hmac-sha256'],
  ]);
  if (input.expires !== undefined) params.set('expires', input.expires);

  const components: ComponentId[] = names.map((name) => ({ name, params: new Map() }));
  const signatureParams = signatureParamsValue(components, params);
  const req: SignedRequest = {
    // fetch upper-cases the standard methods, so sign what goes on the wire.
    method: input.method.toUpperCase(),
    target: url.pathname + url.search,
    authority: url.host,
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    headers,
  };
  const base = signatureBase(req, { components, signatureParams });
  headers['signature-input'] = `${label}=${signatureParams}`;
  headers['signature'] = `${label}=:${signBase(base, input.key).toString('base64')}:`;
  return headers;
}

function signBase(base: string, key: SigningKey): Buffer {
  const data = Buffer.from(base, 'utf8');
  if (key.algorithm === 'hmac-sha256') return createHmac('sha256', Buffer.from(key.secret, 'utf8')).update(data).digest();
  const privateKey = typeof key.privateKey === 'string' ? createPrivateKey(key.privateKey) : key.privateKey;
  return sign('sha256', data, { key: privateKey, padding: constants.RSA_PKCS1_PADDING });
}

function lowercaseHeaders(input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    const lower = name.toLowerCase();
    if (Object.hasOwn(out, lower)) throw new TypeError(`header "${lower}" is given twice`);
    out[lower] = value;
  }
  return out;
}
