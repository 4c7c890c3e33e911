import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { createCredentialStore } from './auth/credentials.js';
import { purgeUsage } from './auth/usage.js';
import { purgeIdempotency } from './resources/idempotency-keys.js';
import { ConfigError, packageVersion, parseSecretKey, type Config } from './config.js';
import { embeddedServer, type EmbeddedServer } from './db/embedded.js';
import { migrate } from './db/migrate.js';
import { watchDatabase } from './db/availability.js';
import { poolLike } from './db/driver.js';
import { followHistory } from './db/history.js';
import { readOnlyPool, servingPool, type PoolLimits } from './db/pool.js';
import { renewable, type RenewablePool } from './db/renewal.js';
import { transaction } from './db/transaction.js';
import { defaultShare, workspaceShare } from './db/workspace-share.js';
import { databaseState, type Log } from './http/log.js';
import { inFlightLimit } from './http/in-flight.js';
import type { App } from './http/pipeline.js';
import { createRouter } from './http/router.js';
import type { Operation } from './operations/operation.js';
import { operations } from './operations/index.js';
import { cursorSigner } from './operations/paging.js';
import { sqlTiming } from './http/sql-timing.js';
import { rekeyPersons, type MatchingPair } from './resources/person-keys.js';
import { checkSecretKey, waitForDatabase, whereOf } from './startup.js';
import { startWebhooks } from './webhooks/service.js';
import { serveMetrics, type MetricsListener } from './metrics/listener.js';
import { registerOperations } from './metrics/series.js';

export const version = packageVersion;

interface Database {
  pool: RenewablePool;
  embedded: EmbeddedServer | undefined;
  close(): Promise<void>;
}

export function poolLimits(config: Config): PoolLimits {
  return { lockTimeoutMs: config.dbLockTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs };
}

/**
 * DATABASE_URL if set; otherwise the embedded server under DATA_DIR, started on demand. Waits
 * for the database to answer (bounded by DB_START_WAIT_S).
 */
export async function openDatabase(config: Config, options: { onWait?: (cause: string) => void } = {}): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await embeddedServer(config.dataDir);
    await embedded.start();
    url = embedded.socketUrl;
  }
  const pool = servingPool(url, config.dbPoolMax, poolLimits(config));
  const close = async () => {
    await pool.end({ timeout: 5 });
    // A partner-admin run beside a running service leaves the service's database up.
    await embedded?.release();
  };
  try {
    await waitForDatabase(pool.current, whereOf(url), config.dbStartWaitSeconds, options.onWait);
  } catch (error) {
    await close();
    throw error;
  }
  return { pool, embedded, close };
}

/** The configured master key, or in the embedded setup one generated once under DATA_DIR. */
export function masterKey(config: Config): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.databaseUrl) throw new ConfigError('PARTNER_SECRET_KEY is required when DATABASE_URL is set');
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  return parseSecretKey(readFileSync(file, 'utf8').trim(), file);
}

export interface Running {
  app: App;
  /** The Prometheus listener, when METRICS_PORT is set. */
  metrics?: MetricsListener;
  stop(): Promise<void>;
}

/** Persons a new name key makes one identity stay two: the operator hears of each pair once. */
function reportMatchingPersons(pairs: MatchingPair[], log?: Log): void {
  if (pairs.length === 0) return;
  const message = 'persons that now match by name key: decide whether each pair is one person';
  if (log) log('warn', message, { pairs });
  else process.stderr.write(JSON.stringify({ message, pairs }) + '\n');
}

/**
 * Everything a serving instance holds besides its socket: the pipeline's dependencies and the
 * purge timer. Nothing of it is module state, so two apps in one process keep their own keys.
 */
export async function createApp(config: Config, served: RenewablePool, table: Operation[] = operations, log?: Log): Promise<Running> {
  const timing = config.logLevel === 'debug' ? sqlTiming() : undefined;
  // Logging at debug, the app's pools tell the timing of each statement sent (src/http/sql-timing.ts).
  const pool = timing ? renewable(() => poolLike(served.current, { debug: timing.sent })) : served;
  const reads = readOnlyPool(pool.current, config.dbDeadlineMs);
  // Startup's work runs now, on the pool of the moment; what lasts reads `pool.current` at each use.
  const sql = pool.current;
  await migrate(sql);
  reportMatchingPersons(await rekeyPersons(sql), log);
  const key = masterKey(config);
  await checkSecretKey(sql, key);
  const credentials = await createCredentialStore(pool, key);
  // A restore is noticed here, after an outage, and by the next write (sql/00022).
  const onNewHistory = (began: boolean) => {
    if (began) log?.('warn', 'the database is on a new history (a restore or a failover): ids moved past a gap, webhook endpoints sent feed.reset');
  };
  onNewHistory(await followHistory(sql));
  const database = watchDatabase(pool, 100, [reads], () => void followHistory(pool.current).then(onNewHistory, () => {}));
  const purge = setInterval(() => {
    purgeUsage(pool.current, config.rateWindowSeconds).catch(() => {});
    purgeIdempotency(pool.current).catch(() => {});
  }, 60_000);
  purge.unref();
  // Outages are logged even when no request comes in.
  const probe = log && setInterval(() => {
    void database.check(1000).then((ok) => databaseState(log, ok, 'the periodic probe got no answer within 1 s'));
  }, 5_000);
  probe?.unref();
  const webhooks = await startWebhooks(config.webhooks, sql, key, log);
  registerOperations(table);
  const metrics = config.metrics && await serveMetrics({
    ...config.metrics, database, poolMax: sql.options.max, transaction: (work) => transaction(pool.current, work),
  });
  const app: App = {
    pool,
    credentials,
    router: createRouter(table),
    auth: { skewSeconds: config.signatureSkewSeconds, rateLimit: config.rateLimit, rateWindowSeconds: config.rateWindowSeconds },
    version,
    database,
    reads,
    // One workspace's slow requests leave the rest of the pool to everyone else.
    shares: workspaceShare(config.dbWorkspaceShare ?? defaultShare(sql.options.max)),
    inFlight: inFlightLimit(config.maxInFlight),
    deadlineMs: config.dbDeadlineMs,
    timeouts: { headersMs: config.headersTimeoutMs, requestMs: config.requestTimeoutMs },
    cursors: cursorSigner(key),
    timing,
  };
  return {
    app,
    metrics,
    async stop() {
      await metrics?.close();
      clearInterval(purge);
      clearInterval(probe);
      await webhooks?.stop();
      database.stop();
      await credentials.close();
      await reads.end({ timeout: 1 });
      if (pool !== served) await pool.end({ timeout: 1 });
    },
  };
}
