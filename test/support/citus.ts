// A throw-away Citus cluster for the Citus lane: a coordinator and two workers from Debian's
// PostgreSQL 15 and the vendored Citus (.ci/run installs both), on loopback, with trust
// authentication (nothing but this process's tests reach them) and data under os.tmpdir().
// Missing binaries fail the run with what to install: the lane is never skipped.
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Test } from 'tap';
import { run, serverUser } from '../../src/db/embedded-home.js';
import { freePort } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';

export const pgBin = '/usr/lib/postgresql/15/bin';
const citusLibrary = '/usr/lib/postgresql/15/lib/citus.so';

export interface CitusCluster {
  /** The coordinator's `postgres` database, which has the extension and knows both workers. */
  url: string;
  /** Every node's `postgres` database: the coordinator first, then the two workers. */
  nodeUrls: string[];
  /** Creates `name` on every node with the extension, the workers added; its coordinator URL. */
  database(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** Why the cluster cannot start on this machine, or undefined. */
export function citusMissing(): string | undefined {
  const missing = [`${pgBin}/postgres`, citusLibrary].filter((file) => !existsSync(file));
  if (!missing.length) return undefined;
  return `the Citus lane needs ${missing.join(' and ')}: install Debian's postgresql-15 and run `
    + '../shared/vendor/citus/citus.sh install as root (.ci/run does both)';
}

// Small and fast: fsync off and no full pages (the data dies with the run); 2PC for multi-node
// writes; logical WAL for Citus's non-blocking shard splits and moves (test/citus/tenant-move.test.ts);
// the coordinator's log as JSON lines, which test/support/citus-routing.ts reads.
const settings = (port: number, socketDir: string, coordinator: boolean) => `
shared_preload_libraries = 'citus'
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${socketDir}'
max_connections = 300
max_prepared_transactions = 100
wal_level = logical
shared_buffers = 16MB
fsync = off
synchronous_commit = off
full_page_writes = off
citus.shard_count = 4
citus.node_conninfo = 'sslmode=disable'
${coordinator ? `citus.multi_task_query_log_level = 'log'
logging_collector = on
log_destination = 'jsonlog'
log_rotation_age = 0
log_rotation_size = 0
` : ''}`;

const nodeUrl = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;

/** `url` with its database replaced by `database`. */
export function inDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

async function withNode<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** The extension in `database` of every node, and the workers registered in the coordinator's. */
async function joinNodes(nodeUrls: string[], database: string): Promise<void> {
  await Promise.all(nodeUrls.map((url) => withNode(inDatabase(url, database), (sql) => sql`create extension if not exists citus`)));
  const [coordinator, ...workers] = nodeUrls.map((url) => Number(new URL(url).port));
  await withNode(inDatabase(nodeUrls[0]!, database), async (sql) => {
    await sql`select citus_set_coordinator_host('127.0.0.1', ${coordinator!})`;
    for (const port of workers) await sql`select citus_add_node('127.0.0.1', ${port})`;
  });
}

/**
 * A new database on every node of the cluster (`nodeUrls`: the coordinator's first), with the
 * extension and the workers added: Citus keeps its nodes and metadata per database. Its
 * coordinator URL.
 */
export async function createCitusDatabase(nodeUrls: string[], name: string): Promise<string> {
  await Promise.all(nodeUrls.map((url) => withNode(url, (sql) => sql.unsafe(`create database ${name}`))));
  await joinNodes(nodeUrls, name);
  return inDatabase(nodeUrls[0]!, name);
}

/** The Citus lane's nodes' `postgres` URLs (TEST_CITUS_NODES): the coordinator first, then the workers. */
export function citusNodes(): string[] {
  const nodeUrls = (process.env.TEST_CITUS_NODES ?? '').split(' ').filter(Boolean);
  if (!nodeUrls.length) throw new Error('TEST_CITUS_NODES is unset: the file runs in the Citus lane of npm test');
  return nodeUrls;
}

/**
 * A migrated (so distributed) database of the test file's own on the Citus lane's cluster
 * (TEST_CITUS_NODES), dropped from every node when the file ends: statements of the files running
 * beside it never mix with its own, in its data or in test/support/citus-routing.ts's log.
 */
export async function privateCitusDatabase(t: Test, suffix: string): Promise<string> {
  const nodeUrls = citusNodes();
  const name = `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_${suffix}`;
  const drop = () => Promise.all(nodeUrls.map((url) => withNode(url, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`))));
  await drop();
  t.teardown(drop);
  const url = await createCitusDatabase(nodeUrls, name);
  await withNode(url, (sql) => migrate(sql));
  return url;
}

export async function startCitus(): Promise<CitusCluster> {
  const missing = citusMissing();
  if (missing) throw new Error(missing);
  const user = await serverUser();
  const root = await mkdtemp(path.join(os.tmpdir(), 'partner-citus-'));
  // HOME: libpq in the server, connecting to the other nodes, looks for client certificates there.
  const as = { ...(user ? { uid: user.uid, gid: user.gid } : {}), cwd: '/', env: { ...process.env, HOME: root } };
  await chmod(root, 0o755);
  if (user) await chown(root, user.uid, user.gid);
  const names = ['coordinator', 'worker1', 'worker2'];
  const ports: number[] = [];
  while (ports.length < names.length) {
    const port = await freePort(); // one at a time, and never twice: each node needs its own
    if (!ports.includes(port)) ports.push(port);
  }
  const started: string[] = [];

  const pgCtl = (dir: string, ...args: string[]) => run(`${pgBin}/pg_ctl`, ['-D', dir, ...args], as);
  const stop = async () => {
    await Promise.all(started.map((dir) => pgCtl(dir, '-m', 'immediate', '-w', 'stop').catch(() => {})));
    await rm(root, { recursive: true, force: true });
  };
  try {
    // Settled, all of them, before any failure stops the cluster: a node still starting would be left running.
    const starts = await Promise.allSettled(names.map(async (name, i) => {
      const dir = path.join(root, name);
      await run(`${pgBin}/initdb`, ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], as);
      await appendFile(path.join(dir, 'postgresql.conf'), settings(ports[i]!, root, i === 0));
      const log = path.join(root, `${name}.log`);
      started.push(dir);
      await pgCtl(dir, '-l', log, '-w', '-t', '60', 'start').catch(async () => {
        throw new Error(`Citus ${name} in ${dir} did not start: ${(await readFile(log, 'utf8').catch(() => 'no log')).trim().split('\n').slice(-3).join(' | ')}`);
      });
    }));
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
    await joinNodes(ports.map(nodeUrl), 'postgres');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: nodeUrl(ports[0]!),
    nodeUrls: ports.map((port) => nodeUrl(port)),
    database: (name) => createCitusDatabase(ports.map(nodeUrl), name),
    stop,
  };
}
