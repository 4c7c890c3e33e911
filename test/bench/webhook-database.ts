// A private embedded Postgres for one webhook bench round: a pool for the writes and one for the worker.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { embeddedServer, freePort } from '../../src/db/embedded.js';
import { createPool } from '../../src/db/pool.js';

export async function webhookDatabase(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  const embedded = await embeddedServer(dir, await freePort());
  await embedded.start();
  const sql = createPool(embedded.socketUrl, 8);
  const workerSql = createPool(embedded.socketUrl, 4);
  return {
    sql,
    workerSql,
    async stop() {
      await workerSql.end({ timeout: 5 });
      await sql.end({ timeout: 5 });
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
