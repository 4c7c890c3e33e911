// Start-up checks that turn an operator's mistake into one line and the right exit code:
// configuration that cannot work is exit 2 (systemd does not retry), a database that is merely
// down is exit 1 after a bounded wait (systemd retries later).
import type { Sql } from 'postgres';
import { open, seal } from './auth/secret-box.js';
import { ConfigError } from './config.js';

/** The database did not answer within the start-up wait: exit 1, worth a retry. */
class DatabaseDown extends Error {}

// SQLSTATEs that retrying cannot fix: credentials, a missing database, no permission.
const misconfigured: Record<string, string> = {
  '28P01': 'the server refused the password',
  '28000': 'the server refused the user',
  '3D000': 'the database does not exist',
  '42501': 'the user may not connect to the database',
};

function describe(error: unknown): string {
  const { code } = (error ?? {}) as { code?: string };
  return code ?? (error instanceof Error ? error.name : 'unknown error');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `select 1` with backoff, up to `waitSeconds`. */
export async function waitForDatabase(sql: Sql, where: string, waitSeconds: number, onWait?: (cause: string) => void): Promise<void> {
  const until = Date.now() + waitSeconds * 1000;
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    try {
      await sql`select 1`;
      return;
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (misconfigured[code]) throw new ConfigError(`DATABASE_URL: ${misconfigured[code]} (${code}) at ${where}`);
      if (Date.now() + delay > until) throw new DatabaseDown(`database unreachable at ${where} after ${waitSeconds} s (${describe(error)})`);
      onWait?.(describe(error));
      await pause(delay);
    }
  }
}

const canaryText = 'partner-service secret key canary';

/** Seals the canary on first start; refuses a key that cannot open it. */
export async function checkSecretKey(sql: Sql, key: Buffer): Promise<void> {
  await sql`insert into secret_key_canary (sealed) values (${seal(key, canaryText)}) on conflict do nothing`;
  const [row] = await sql<{ sealed: Buffer }[]>`select sealed from secret_key_canary`;
  let opened: string | undefined;
  try {
    opened = open(key, row!.sealed);
  } catch {
    opened = undefined;
  }
  if (opened !== canaryText) {
    throw new ConfigError('PARTNER_SECRET_KEY is not the key the stored secrets were sealed with (the key canary does not open)');
  }
}

export { whereOf } from './db/hosts.js';
