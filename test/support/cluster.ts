// A private Postgres for tests that stop, crash or lock the database: the suite's shared server
// serves the other test files running beside them, so those tests never touch it.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import { embeddedServer, freePort } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';

export { freePort };

export interface Cluster {
  url: string;
  start(): Promise<void>;
  /** `immediate` crashes the server: no checkpoint, unlogged tables come back empty. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}


/** Starts a migrated cluster of its own for the test file, removed when the file ends. */
export async function privateCluster(t: Test): Promise<Cluster> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-cluster-'));
  await chmod(dir, 0o755); // the unprivileged server user must reach its data folder
  const server = await embeddedServer(dir, await freePort());
  await server.start();
  const sql = createPool(server.url, 1);
  await migrate(sql);
  await sql.end();
  t.teardown(async () => {
    await server.stop('immediate');
    await rm(dir, { recursive: true, force: true });
  });
  return {
    url: server.url,
    start: async () => void (await server.start()),
    stop: (mode) => server.stop(mode),
  };
}
