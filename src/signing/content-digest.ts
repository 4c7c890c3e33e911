// RFC 9530 Content-Digest, recomputed from the bytes actually received.
import { createHash } from 'node:crypto';
import { SigningError } from './errors.js';
import { isInnerList, parseDictionary, StructuredFieldError, type Dictionary } from './structured-fields.js';

type DigestAlgorithm = 'sha-256' | 'sha-512';
const hashes: Record<DigestAlgorithm, string> = { 'sha-256': 'sha256', 'sha-512': 'sha512' };

export function contentDigest(body: Buffer, alg: DigestAlgorithm = 'sha-256'): string {
  return `${alg}=:${createHash(hashes[alg]).update(body).digest('base64')}:`;
}

export function checkContentDigest(header: string | string[] | undefined, body: Buffer): void {
  const value = Array.isArray(header) ? header.join(', ') : header;
  if (value === undefined || value.trim() === '') {
    if (body.length > 0) throw mismatch('Content-Digest is required with a body');
    return;
  }
  let dict: Dictionary;
  try {
    dict = parseDictionary(value);
  } catch (e) {
    if (e instanceof StructuredFieldError) throw mismatch('Content-Digest is malformed');
    throw e;
  }
  const supported = (Object.keys(hashes) as DigestAlgorithm[]).filter((alg) => dict.has(alg));
  if (supported.length === 0) throw mismatch('Content-Digest has no sha-256 or sha-512 member');
  for (const alg of supported) {
    const member = dict.get(alg);
    if (!member || isInnerList(member) || !Buffer.isBuffer(member.value)) throw mismatch(`Content-Digest ${alg} is not a byte sequence`);
    const expected = createHash(hashes[alg]).update(body).digest();
    if (!expected.equals(member.value)) throw mismatch(`Content-Digest ${alg} does not match the body`);
  }
}

const mismatch = (detail: string) => new SigningError('digest_mismatch', detail);
