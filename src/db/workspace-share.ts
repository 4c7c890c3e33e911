import { databaseRequests } from '../metrics/series.js';
import type { Deadline } from './deadline.js';

/**
 * A cap on the requests of one workspace that use the database at once, reads and writes alike
 * (DB_WORKSPACE_SHARE). A write waiting on a row lock holds its connection all the while, and a
 * slow read holds one too: without a cap, one workspace's slow requests take every connection and
 * starve every other workspace and /health. Past its share, a request waits here, holding no
 * connection, until one of its workspace's requests ends; when its deadline passes first it is
 * answered 503 with Retry-After (the deadline's race) and never starts.
 */
export interface WorkspaceShare {
  run<T>(workspaceId: string, work: () => Promise<T>, deadline: Deadline): Promise<T>;
}

interface Share { running: number; waiting: (() => void)[] }

/**
 * The share unless DB_WORKSPACE_SHARE says: a quarter of the pool, at least 2 (never more than the
 * pool). Of a pool of 10, one workspace's requests waiting on a locked row hold 2 connections, not
 * 5, and it takes five such workspaces, not two, to leave the others none. Two connections still
 * serve one workspace hundreds of requests a second, far above the default rate limit.
 *
 * A share set above the pool's size lets the workspace's further reads queue on busy connections,
 * where postgres.js pipelines them: the backend then finds the next statement waiting instead of
 * sleeping until it comes. One workspace that fills the instance costs about a fifth less CPU per
 * members page that way, in the service and in Postgres alike (test/bench/README.md), but gives up
 * the cap: a setting for an installation with one tenant, not for a shared one.
 */
export const defaultShare = (poolMax: number): number => Math.min(poolMax, Math.max(2, Math.floor(poolMax / 4)));

export function workspaceShare(perWorkspace: number): WorkspaceShare {
  const shares = new Map<string, Share>();

  const release = (workspaceId: string, share: Share) => {
    const next = share.waiting.shift();
    if (next) return next(); // the place passes straight to the next request
    share.running--;
    if (share.running === 0) shares.delete(workspaceId);
  };

  return {
    async run(workspaceId, work, deadline) {
      let share = shares.get(workspaceId);
      if (!share) shares.set(workspaceId, (share = { running: 0, waiting: [] }));
      if (share.running < perWorkspace) share.running++;
      else {
        databaseRequests.waiting++;
        await new Promise<void>((resolve) => share.waiting.push(resolve));
        databaseRequests.waiting--;
      }
      databaseRequests.using++;
      try {
        deadline.check(); // answered 503 while waiting: do not start
        return await work();
      } finally {
        databaseRequests.using--;
        release(workspaceId, share);
      }
    },
  };
}
