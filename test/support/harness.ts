// One running service per test file: real Postgres, real HTTP on an ephemeral port, real signatures.
import type { Test } from 'tap';
import postgres from 'postgres';
import * as v from 'valibot';
import { loadConfig } from '../../src/config.js';
import { servingPool, type Sql } from '../../src/db/pool.js';
import { createLog, type Log } from '../../src/http/log.js';
import { createRouter, type Router } from '../../src/http/router.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import type { WorkspaceKind } from '../../src/workspace.js';
import { createApp, poolLimits } from '../../src/runtime.js';
import { serve } from '../../src/server.js';
import { signRequest, type SigningKey } from '../../src/signing/client.js';

export const databaseUrl = (): string => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is unset: run the suite with npm test');
  return url;
};

/**
 * A database of the file's own on the suite's server, dropped when the file's tests end: for rows
 * that must not meet the other files' (a seeded volume), or a flag that every starting service
 * reads (the registry's re-key).
 */
export async function privateDatabase(t: Test, suffix: string): Promise<string> {
  const url = new URL(databaseUrl());
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  t.teardown(async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  url.pathname = '/' + name;
  return url.toString();
}

export interface Response<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface Service {
  url: string;
  sql: Sql;
  masterKey: Buffer;
  /** The table the service serves, so tests can check answers against each operation's schemas. */
  router: Router;
  /** The Prometheus listener's URL, when the test set METRICS_PORT. */
  metricsUrl?: string;
}

/** A service running elsewhere (a child process) on the real operation table. */
export function serviceAt(url: string, sql: Sql, masterKey: Buffer): Service {
  return { url, sql, masterKey, router: createRouter(operations) };
}

export interface ServiceOptions {
  /** Another database than the suite's, e.g. a private cluster's. */
  databaseUrl?: string;
  poolMax?: number;
  /** Give the pool the configured lock and statement timeouts, as a serving instance has them. */
  poolLimits?: boolean;
  /** Where the request log goes; errors to stderr by default. */
  log?: Log;
}

/** Starts the service for the file; everything is torn down when the file's tests end. */
export async function startService(t: Test, env: Record<string, string> = {}, table?: Operation[], options: ServiceOptions = {}): Promise<Service> {
  const url = options.databaseUrl ?? databaseUrl();
  // No webhook worker unless a test asks for one: it would deliver other files' messages.
  const config = loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent', WEBHOOK_CONCURRENCY: '0', ...env });
  const pool = servingPool(url, options.poolMax ?? 4, options.poolLimits ? poolLimits(config) : undefined);
  const running = await createApp(config, pool, table);
  const listening = await serve(running.app, options.log ?? createLog('error', (l) => process.stderr.write(l)), { port: 0, host: '127.0.0.1' });
  t.teardown(async () => {
    await listening.close(1000);
    await running.stop();
    // A timeout: postgres.js's end() never settles after a server-side disconnect (porsager/postgres#1097).
    await pool.end({ timeout: 1 });
  });
  return {
    // The pool of the moment: an outage replaces it (src/db/renewal.ts).
    get sql() {
      return pool.current;
    },
    url: `http://127.0.0.1:${listening.port}`, masterKey: config.secretKey!, router: running.app.router,
    ...(running.metrics && { metricsUrl: `http://127.0.0.1:${running.metrics.port}/metrics` }),
  };
}

export interface RequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Sign with this key; undefined sends the request unsigned. */
  key?: SigningKey;
}

/** One request over a real socket; a signed one uses the partners' client module. */
export async function request<T = any>(base: string, method: string, path: string, options: RequestOptions = {}): Promise<Response<T>> {
  const url = new URL(path, base);
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  let headers: Record<string, string> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers };
  if (options.key) headers = signRequest({ method, url, headers, body, key: options.key });
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/**
 * Every 2xx `data` served in the suite must match the operation's `response` schema (each item of a
 * list), so the reference cannot drift from what is served. Throws, failing the calling test.
 */
export function checkResponse(router: Router, kind: WorkspaceKind, method: string, path: string, res: Response): void {
  if (res.status < 200 || res.status > 299 || res.body?.data === undefined) return;
  const match = router.match(method, new URL(path, 'http://x').pathname, kind);
  if (!match.found) return;
  const { op } = match.route;
  const items: unknown[] = op.list ? res.body.data : [res.body.data];
  for (const item of items) {
    const result = v.safeParse(op.response, item);
    if (!result.success) {
      const where = result.issues.map((i) => `${(i.path ?? []).map((p) => String(p.key)).join('.')}: ${i.message}`).join('; ');
      throw new Error(`${op.id} answered data that its response schema refuses: ${where}`);
    }
  }
}

export { postgres };
