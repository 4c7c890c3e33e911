import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// AES-256-GCM: 12-byte IV | 16-byte tag | ciphertext, all in one bytea column.
export function seal(masterKey: Buffer, plaintext: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(masterKey: Buffer, sealed: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, sealed.subarray(0, 12));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8');
}
