import type { Sql } from 'postgres';
import { poolLike } from './driver.js';

export interface Subscription {
  close(): Promise<void>;
}

const retrySeconds = 0.25;

/**
 * LISTEN on a connection of its own that comes back after any outage. postgres.js's `listen`
 * re-listens once when its connection drops and gives up if that fails; and a query waiting for
 * a connection is retried with a backoff of up to 20 s. Here listening is retried every 250 ms
 * until it holds. `onReset` runs whenever notifications may have been missed: when the
 * connection closes and each time listening starts again.
 */
export async function subscribe(sql: Sql, channel: string, onNotify: (payload: string) => void, onReset: () => void): Promise<Subscription> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
  let closing = false;
  let timer: NodeJS.Timeout | undefined;
  let attempt: Promise<void> | undefined;
  // The pool's own settings, less what would close an idle listener (as postgres.js's listen does).
  const connection = poolLike(sql, {
    max: 1,
    idle_timeout: null,
    max_lifetime: null,
    fetch_types: false,
    backoff: () => retrySeconds,
    onnotify: (name: string, payload: string) => name === channel && onNotify(payload),
    onclose: () => {
      onReset();
      if (!closing) void listen();
    },
  });
  const statement = () => connection.unsafe(`listen ${channel}`);
  const listen = () => (attempt ??= statement().then(() => {
    attempt = undefined;
    onReset();
  }, () => {
    attempt = undefined;
    if (!closing) timer = setTimeout(listen, retrySeconds * 1000);
  }));

  await statement();
  return {
    async close() {
      closing = true;
      clearTimeout(timer);
      await connection.end({ timeout: 1 });
    },
  };
}
