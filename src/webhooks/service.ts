import type { Sql } from 'postgres';
import type { WebhookConfig } from './settings.js';
import { parseRanges } from './addresses.js';
import { workerPool } from './pool.js';
import { startWorker, type WorkerLog } from './worker.js';

/** The serving instance's delivery worker on a pool of its own, or nothing when WEBHOOK_CONCURRENCY is 0. */
export async function startWebhooks(config: WebhookConfig, sql: Sql, masterKey: Buffer, log?: WorkerLog) {
  if (config.concurrency === 0) return undefined;
  const pool = workerPool(sql, 4);
  const worker = await startWorker({
    sql: pool, masterKey, allowed: parseRanges(config.allowAddresses), concurrency: config.concurrency, workspaceShare: config.workspaceShare, pollMs: config.pollMs, log, listen: true,
  });
  return {
    async stop() {
      await worker.stop();
      await pool.end({ timeout: 5 });
    },
  };
}
