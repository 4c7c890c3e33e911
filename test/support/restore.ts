// Continuous archiving and point-in-time recovery with the embedded binaries (the packages ship no
// pg_basebackup): WAL archived by `cp`, a base backup by the low-level API, and a restore into a
// new data folder that replays the archive up to a named restore point and is promoted.
import { appendFile, chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import { run, serverUser } from '../../src/db/embedded-home.js';
import { migrate } from '../../src/db/migrate.js';
import { admin, cluster, copyTree, until } from './replication.js';

export interface Archived {
  url: string;
  /** A base backup of the running cluster, kept in a folder of its own. */
  backup(): Promise<string>;
  /** `pg_create_restore_point(name)`, then the WAL that holds it sent to the archive. */
  restorePoint(name: string): Promise<void>;
  /** The cluster crashes: what it did after the restore point is lost. */
  kill(): Promise<void>;
  /** A new cluster from `backup` and the archive, recovered to restore point `name` and promoted; its URL. */
  restore(backup: string, name: string): Promise<string>;
}

async function chownToServer(target: string): Promise<void> {
  const user = await serverUser();
  if (user) await run('chown', ['-R', `${user.uid}:${user.gid}`, target]);
}

/** A migrated cluster that archives its WAL; everything is removed when the file ends. */
export async function archivedCluster(t: Test): Promise<Archived> {
  const archive = await mkdtemp(path.join(os.tmpdir(), 'partner-archive-'));
  t.teardown(() => rm(archive, { recursive: true, force: true }));
  await chmod(archive, 0o755);
  await chownToServer(archive);
  const primary = await cluster(t);
  await primary.server.start();
  const sql = admin(primary.server.url);
  await sql`alter system set archive_mode = on`;
  // ALTER SYSTEM takes no parameters; the folder is ours (mkdtemp), with no quote in it.
  await sql.unsafe(`alter system set archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`);
  await sql.end();
  await primary.server.stop('fast');
  await primary.server.start();
  const db = admin(primary.server.url);
  await migrate(db);
  t.teardown(() => db.end({ timeout: 1 }));
  const password = (await readFile(path.join(primary.dir, 'postgres.password'), 'utf8')).trim();

  return {
    url: primary.server.url,
    async backup() {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-backup-'));
      t.teardown(() => rm(dir, { recursive: true, force: true }));
      const conn = await db.reserve();
      await conn`select pg_backup_start('partner-backup', true)`;
      await copyTree(primary.server.dataDir, path.join(dir, 'postgres'));
      const [{ label }] = await conn<[{ label: string }]>`select labelfile as label from pg_backup_stop(true)`;
      conn.release();
      await writeFile(path.join(dir, 'postgres', 'backup_label'), label);
      return dir;
    },
    async restorePoint(name) {
      await db`select pg_create_restore_point(${name})`;
      const [{ file }] = await db<[{ file: string }]>`select pg_walfile_name(pg_current_wal_lsn()) as file`;
      await db`select pg_switch_wal()`;
      await until('the WAL to be archived', async () =>
        (await db<{ last: string | null }[]>`select last_archived_wal as last from pg_stat_archiver`)[0]!.last! >= file);
    },
    kill: () => primary.server.stop('immediate'),
    async restore(backup, name) {
      const restored = await cluster(t, async (dir) => {
        await copyTree(path.join(backup, 'postgres'), path.join(dir, 'postgres'));
        const pgdata = path.join(dir, 'postgres');
        await mkdir(path.join(pgdata, 'pg_wal', 'archive_status'), { recursive: true });
        await mkdir(path.join(pgdata, 'pg_wal', 'summaries'), { recursive: true });
        await writeFile(path.join(pgdata, 'recovery.signal'), '');
        await appendFile(path.join(pgdata, 'postgresql.auto.conf'),
          `restore_command = 'cp ${archive}/%f %p'\n` +
          `recovery_target_name = '${name}'\n` +
          `recovery_target_action = 'promote'\n`);
        await writeFile(path.join(dir, 'postgres.password'), password, { mode: 0o600 });
        await chownToServer(pgdata);
      });
      await restored.server.start();
      const url = restored.server.url;
      const check = admin(url);
      await until('the restored cluster to be promoted', async () =>
        !(await check<[{ r: boolean }]>`select pg_is_in_recovery() as r`)[0].r);
      await check.end();
      return url;
    },
  };
}
