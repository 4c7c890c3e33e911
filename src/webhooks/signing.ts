// Standard Webhooks (standardwebhooks.com): secrets `whsec_<base64>`, whose decoded bytes are the
// HMAC-SHA256 key; `webhook-signature: v1,<base64 HMAC of "<id>.<timestamp>.<body>">`, one
// space-separated entry per secret that signs (two during a rotation).
import { createHmac, randomBytes } from 'node:crypto';

/** `whsec_` and 24 random bytes in base64, as Svix issues them. */
export function newWebhookSecret(): string {
  return 'whsec_' + randomBytes(24).toString('base64');
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

/** The `webhook-signature` value: one `v1,…` per secret, in the order given. */
function signatureHeader(secrets: string[], id: string, timestampSeconds: number, body: string): string {
  return secrets.map((secret) => 'v1,' + createHmac('sha256', keyOf(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64')).join(' ');
}

/** The three headers of one attempt; the timestamp is the attempt's, the id the message's. */
export function webhookHeaders(secrets: string[], id: string, nowMs: number, body: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
}
