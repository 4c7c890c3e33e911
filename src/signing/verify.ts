// The two signature algorithms of the profile; everything else is refused before reaching here.
import { constants, createHmac, timingSafeEqual, verify, type KeyObject } from 'node:crypto';

type CredentialAlgorithm = 'hmac-sha256' | 'rsa2';
export type VerifyKey =
  | { algorithm: 'hmac-sha256'; secret: string | Buffer | KeyObject }
  | { algorithm: 'rsa2'; publicKey: KeyObject };

/** The RFC 9421 `alg` name of each credential algorithm. */
const algNames = { 'hmac-sha256': 'hmac-sha256', rsa2: 'rsa-v1_5-sha256' } as const;

/** An absent `alg` matches: the credential pins the algorithm. */
export function algMatches(alg: string | undefined, algorithm: CredentialAlgorithm): boolean {
  return alg === undefined || alg === algNames[algorithm];
}

export function verifySignature(base: string, signature: Buffer, key: VerifyKey): boolean {
  const data = Buffer.from(base, 'utf8');
  if (key.algorithm === 'hmac-sha256') {
    // Product secrets are used as the bytes of the string as shown (`sk_…`), never decoded.
    const secret = typeof key.secret === 'string' ? Buffer.from(key.secret, 'utf8') : key.secret;
    const mac = createHmac('sha256', secret).update(data).digest();
    return signature.length === mac.length && timingSafeEqual(signature, mac);
  }
  if (key.publicKey.asymmetricKeyType !== 'rsa') return false;
  try {
    return verify('sha256', data, { key: key.publicKey, padding: constants.RSA_PKCS1_PADDING }, signature);
  } catch {
    return false;
  }
}
