// List cursors are signed: the app's signer travels on every read context.
import { createHmac, hkdfSync } from 'node:crypto';

/** Signs and checks cursors: one per app, keyed from its master key; it travels on the read context. */
export interface CursorSigner {
  tag(parts: unknown[]): Buffer;
}

/**
 * Cursors are signed with a key derived from the master key, so every instance accepts every
 * other's, and nobody without the key can make one: a forged position never reaches SQL.
 */
export function cursorSigner(masterKey: Buffer): CursorSigner {
  const key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'partner-service cursor v1', 32));
  return { tag: (parts) => createHmac('sha256', key).update(JSON.stringify(parts)).digest().subarray(0, 16) };
}
