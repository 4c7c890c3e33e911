import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCredentialStore } from './auth/credentials.js';
import { purgeUsage } from './auth/usage.js';
import { purgeIdempotency } from './http/idempotency.js';
import { ConfigError, parseSecretKey, type Config } from './config.js';
import { embeddedServer, type EmbeddedServer } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { watchDatabase } from './db/availability.js';
import { createPool, type PoolLimits, type Sql } from './db/pool.js';
import { writeLanes } from './db/write-lanes.js';
import type { App } from './http/pipeline.js';
import { createRouter } from './http/router.js';
import type { Operation } from './operations/operation.js';
import { operations } from './operations/index.js';
import { useCursorKey } from './operations/paging.js';

export const embeddedPort = 54329;

export const version: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

export interface Database {
  sql: Sql;
  embedded: EmbeddedServer | undefined;
  close(): Promise<void>;
}

export function poolLimits(config: Config): PoolLimits {
  return { lockTimeoutMs: config.dbLockTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs };
}

/** DATABASE_URL if set; otherwise the embedded server under DATA_DIR, started on demand. */
export async function openDatabase(config: Config): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  // Only the process that started the embedded server stops it: a partner-admin run beside a
  // running service must leave the service's database up.
  let startedHere = false;
  if (!url) {
    embedded = await embeddedServer(config.dataDir, embeddedPort);
    startedHere = await embedded.start();
    url = embedded.url;
  }
  const sql = createPool(url, config.dbPoolMax, poolLimits(config));
  return {
    sql,
    embedded,
    async close() {
      await sql.end({ timeout: 5 });
      if (startedHere) await embedded?.stop();
    },
  };
}

/** The configured master key, or in the embedded setup one generated once under DATA_DIR. */
export function masterKey(config: Config): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl) throw new ConfigError('PARTNER_SECRET_KEY is required when DATABASE_URL is set');
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return parseSecretKey(readFileSync(file, 'utf8').trim(), file);
}

export interface Running {
  app: App;
  stop(): Promise<void>;
}

/** Everything a serving instance holds besides its socket: the pipeline's dependencies and the purge timer. */
export async function createApp(config: Config, sql: Sql, table: Operation[] = operations): Promise<Running> {
  await migrate(sql);
  const key = masterKey(config);
  useCursorKey(key);
  const credentials = await createCredentialStore(sql, key);
  const database = watchDatabase(sql);
  const purge = setInterval(() => {
    purgeUsage(sql, config.rateWindowSeconds).catch(() => {});
    purgeIdempotency(sql).catch(() => {});
  }, 60_000);
  purge.unref();
  const app: App = {
    sql,
    credentials,
    router: createRouter(table),
    auth: { skewSeconds: config.signatureSkewSeconds, rateLimit: config.rateLimit, rateWindowSeconds: config.rateWindowSeconds },
    version,
    database,
    // Half the pool at most for one workspace's writes: the rest serves everyone else.
    writes: writeLanes(Math.max(1, Math.floor(sql.options.max / 2))),
    deadlineMs: config.dbDeadlineMs,
    timeouts: { headersMs: config.headersTimeoutMs, requestMs: config.requestTimeoutMs },
  };
  return {
    app,
    async stop() {
      clearInterval(purge);
      database.stop();
      await credentials.close();
    },
  };
}
