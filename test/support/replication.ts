// A primary with a synchronous streaming standby, both private to the test file, built from the
// embedded binaries with the low-level backup API (pg_backup_start, a file copy, pg_backup_stop):
// the embedded packages ship no pg_basebackup, and Debian's may be older than the server.
import { chmod, copyFile, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import postgres from 'postgres';
import { embeddedServer, freePort, type EmbeddedServer } from '../../src/db/embedded.js';
import { run, serverUser } from '../../src/db/embedded-home.js';
import { migrate } from '../../src/db/migrate.js';

export interface Pair {
  /** Both hosts in one URL, the primary first: what the service is given. */
  url: string;
  primaryUrl: string;
  standbyUrl: string;
  /** `pg_ctl stop -m immediate` on the primary: a crash, nothing flushed beyond what was committed. */
  killPrimary(): Promise<void>;
  /** `pg_promote()` on the standby, waiting until it takes writes. */
  promote(): Promise<void>;
}

// Per the backup documentation: these are rebuilt by the server and must not be copied.
const skipped = new Set(['postmaster.pid', 'postmaster.opts', 'server.log']);
const emptied = new Set(['pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);

/** Copies a running cluster's files; a file the server removes meanwhile is simply not copied. */
export async function copyTree(from: string, to: string, top = true): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  for (const name of await readdir(from)) {
    if (top && (skipped.has(name) || name.startsWith('.s.PGSQL.'))) continue; // the unix socket and its lock
    const source = path.join(from, name);
    const target = path.join(to, name);
    const stat = await lstat(source).catch(() => undefined);
    if (!stat) continue;
    if (stat.isSymbolicLink()) await symlink(await readlink(source), target);
    else if (stat.isDirectory()) {
      if (top && emptied.has(name)) await mkdir(target, { mode: 0o700 });
      else await copyTree(source, target, false);
    } else await copyFile(source, target).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

export async function cluster(t: Test, prepare?: (dir: string) => Promise<void>): Promise<{ server: EmbeddedServer; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-replica-'));
  await chmod(dir, 0o755); // the unprivileged server user must reach its data folder
  await prepare?.(dir);
  const server = await embeddedServer(dir, await freePort());
  t.teardown(async () => {
    await server.stop('immediate').catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });
  return { server, dir };
}

export const admin = (url: string) => postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });

export async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A migrated primary and a synchronous standby streaming from it; removed when the file ends. */
export async function replicatedPair(t: Test): Promise<Pair> {
  const primary = await cluster(t);
  await primary.server.start();
  const primaryUrl = primary.server.url;
  const sql = admin(primaryUrl);
  await migrate(sql);
  await sql`select pg_create_physical_replication_slot('standby', true)`;

  const standby = await cluster(t, async (dir) => {
    const conn = await sql.reserve();
    const [{ label } = { label: '' }] = await (async () => {
      await conn`select pg_backup_start('standby', true)`;
      await copyTree(primary.server.dataDir, path.join(dir, 'postgres'));
      return conn<{ label: string }[]>`select labelfile as label from pg_backup_stop(false)`;
    })();
    conn.release();
    const pgdata = path.join(dir, 'postgres');
    await writeFile(path.join(pgdata, 'backup_label'), label);
    await mkdir(path.join(pgdata, 'pg_wal', 'archive_status'), { recursive: true });
    await mkdir(path.join(pgdata, 'pg_wal', 'summaries'), { recursive: true });
    await writeFile(path.join(pgdata, 'standby.signal'), '');
    const password = (await readFile(path.join(primary.dir, 'postgres.password'), 'utf8')).trim();
    const { port } = new URL(primaryUrl);
    await appendFile(path.join(pgdata, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${port} user=postgres password=${password} application_name=standby'\n` +
      `primary_slot_name = 'standby'\n`);
    await writeFile(path.join(dir, 'postgres.password'), password, { mode: 0o600 });
    const user = await serverUser();
    if (user) await run('chown', ['-R', `${user.uid}:${user.gid}`, pgdata]);
  });
  await standby.server.start();
  const standbyUrl = standby.server.url;

  // Synchronous only once the standby streams: before that every commit would wait for it.
  await until('the standby to stream', async () =>
    (await sql`select 1 from pg_stat_replication where application_name = 'standby' and state = 'streaming'`).length === 1);
  await sql`alter system set synchronous_standby_names = 'standby'`;
  await sql`select pg_reload_conf()`;
  await until('the standby to be synchronous', async () =>
    (await sql`select 1 from pg_stat_replication where application_name = 'standby' and sync_state = 'sync'`).length === 1);
  await sql.end();

  const p = new URL(primaryUrl);
  const s = new URL(standbyUrl);
  return {
    url: `postgres://${p.username}:${p.password}@${p.host},${s.host}${p.pathname}`,
    primaryUrl,
    standbyUrl,
    killPrimary: () => primary.server.stop('immediate'),
    async promote() {
      const db = admin(standbyUrl);
      await db`select pg_promote(true, 60)`;
      await db.end();
    },
  };
}
