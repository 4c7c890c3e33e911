import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDatabaseUrl, sessionTarget, socketRefusal } from './db/hosts.js';
import { parseRanges } from './webhooks/addresses.js';
import { defaultWorkspaceShare } from './webhooks/shares.js';
import type { WebhookConfig } from './webhooks/settings.js';

export type { WebhookConfig };

/** The checkout (or installed package) this code runs from: relative paths resolve against it. */
const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const packageVersion: string = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')).version;

export interface Config {
  port: number;
  host: string;
  /** Unset means: start the private embedded Postgres under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** 32-byte master key for secrets at rest; undefined only in the embedded setup before it is generated. */
  secretKey: Buffer | undefined;
  tls: { cert: Buffer; key: Buffer } | undefined;
  rateLimit: number;
  rateWindowSeconds: number;
  /** A credential's requests in flight at once in this instance; one more is refused (429). */
  maxInFlight: number;
  signatureSkewSeconds: number;
  dbPoolMax: number;
  /**
   * The requests of one workspace that may use the database at once (DB_WORKSPACE_SHARE); unset, a
   * quarter of the pool, at least 2. Above the pool's size, the others queue on busy connections.
   */
  dbWorkspaceShare?: number;
  /** Server-side limits of every pooled connection (lock_timeout, statement_timeout), in ms. */
  dbLockTimeoutMs: number;
  dbStatementTimeoutMs: number;
  /** A request's own database work (connection wait included) must end within this, or it is 503. */
  dbDeadlineMs: number;
  /** node:http's headersTimeout and requestTimeout. */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long start-up waits for a database that does not answer yet before exit 1. */
  dbStartWaitSeconds: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  webhooks: WebhookConfig;
  /** METRICS_PORT / METRICS_HOST: the Prometheus listener, off when the port is unset. */
  metrics: { port: number; host: string } | undefined;
}

/** Bad configuration: the launcher prints the message on one line and exits 2. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[0-9]+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function readTlsFile(env: Env, name: string): Buffer {
  const file = env[name] ?? '';
  try {
    return readFileSync(file);
  } catch {
    throw new ConfigError(`${name} is not a readable file: ${file}`);
  }
}

export function parseSecretKey(raw: string, name = 'PARTNER_SECRET_KEY'): Buffer {
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== raw.trim().replace(/=+$/, '')) {
    throw new ConfigError(`${name} must be 32 bytes, base64-encoded`);
  }
  return key;
}

/** DATA_DIR, relative to the checkout rather than the current folder: any bin finds the same one. */
export function dataDirOf(env: Env = process.env): string {
  return path.resolve(packageRoot, env.DATA_DIR || '.data');
}

// Never echo the value: it holds a password.
function databaseUrlOf(env: Env): string | undefined {
  const raw = env.DATABASE_URL || undefined;
  if (raw === undefined) return undefined;
  const url = readDatabaseUrl(raw)?.url;
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol) || !(url.hostname || url.searchParams.get('host'))) {
    throw new ConfigError('DATABASE_URL must be a URL of the form postgres://user:password@host:port/database');
  }
  const refusal = sessionTarget(raw).refusal ?? socketRefusal(raw);
  if (refusal) throw new ConfigError(refusal);
  return raw;
}

function webhookConfig(env: Env): WebhookConfig {
  const allowHttp = env.WEBHOOK_ALLOW_HTTP || '0';
  if (allowHttp !== '0' && allowHttp !== '1') throw new ConfigError(`WEBHOOK_ALLOW_HTTP must be 0 or 1, got "${allowHttp}"`);
  const allowAddresses = (env.WEBHOOK_ALLOW_ADDRESSES || '').split(',').map((s) => s.trim()).filter(Boolean);
  try {
    parseRanges(allowAddresses);
  } catch (error) {
    throw new ConfigError(`WEBHOOK_ALLOW_ADDRESSES: ${(error as Error).message}`);
  }
  return {
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 16, 0, 1_000),
    pollMs: integer(env, 'WEBHOOK_POLL_MS', 1_000, 10, 600_000),
    allowHttp: allowHttp === '1',
    allowAddresses,
    workspaceShare: integer(env, 'WEBHOOK_WORKSPACE_SHARE', defaultWorkspaceShare, 1, 100),
    endpointsMax: integer(env, 'WEBHOOK_ENDPOINTS_MAX', 10, 1, 1_000),
  };
}

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = databaseUrlOf(env);
  const secretRaw = env.PARTNER_SECRET_KEY || undefined;
  if (databaseUrl && !secretRaw) {
    throw new ConfigError('PARTNER_SECRET_KEY is required when DATABASE_URL is set');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${logLevel}"`);
  }
  if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
    throw new ConfigError('TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  }
  const dbPoolMax = integer(env, 'DB_POOL_MAX', 10, 1, 1_000);
  const config: Config = {
    port: integer(env, 'PORT', 3020, 0, 65535),
    metrics: env.METRICS_PORT ? { port: integer(env, 'METRICS_PORT', 0, 0, 65535), host: env.METRICS_HOST || '127.0.0.1' } : undefined,
    // The embedded database is a developer's machine: listen there only unless told otherwise.
    host: env.HOST || (databaseUrl ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl,
    dataDir: dataDirOf(env),
    secretKey: secretRaw ? parseSecretKey(secretRaw) : undefined,
    tls: env.TLS_CERT_FILE ? { cert: readTlsFile(env, 'TLS_CERT_FILE'), key: readTlsFile(env, 'TLS_KEY_FILE') } : undefined,
    rateLimit: integer(env, 'RATE_LIMIT', 600, 1, 1_000_000),
    rateWindowSeconds: integer(env, 'RATE_WINDOW_S', 60, 1, 86_400),
    maxInFlight: integer(env, 'MAX_IN_FLIGHT', 100, 1, 100_000),
    signatureSkewSeconds: integer(env, 'SIGNATURE_SKEW_S', 300, 1, 3_600),
    dbPoolMax,
    dbWorkspaceShare: env.DB_WORKSPACE_SHARE ? integer(env, 'DB_WORKSPACE_SHARE', 0, 1, 1_000) : undefined,
    dbLockTimeoutMs: integer(env, 'DB_LOCK_TIMEOUT_MS', 1_000, 1, 600_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 5_000, 1, 3_600_000),
    dbDeadlineMs: integer(env, 'DB_DEADLINE_MS', 1_500, 1, 600_000),
    headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 30_000, 1_000, 600_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 60_000, 1_000, 3_600_000),
    dbStartWaitSeconds: integer(env, 'DB_START_WAIT_S', 30, 0, 600),
    logLevel: logLevel as Config['logLevel'],
    webhooks: webhookConfig(env),
  };
  if (config.headersTimeoutMs > config.requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  return config;
}
