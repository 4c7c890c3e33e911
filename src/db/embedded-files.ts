// The embedded server's small files in DATA_DIR: private from creation (0600 in a 0700 folder),
// written through a temporary name in that folder and renamed, so no other user can redirect them.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Creates `dir` (mode 0700) and refuses one another user could write into or swap. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await lstat(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a folder of this user that no other user can write to`);
  }
}

/** Creates a new file with mode 0600; fails if anything (a symlink included) is at `file`. */
export async function createPrivate(file: string, content: string, owner?: { uid: number; gid: number }): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    if (owner) await handle.chown(owner.uid, owner.gid);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** Replaces `file` atomically with a fresh private file. */
export async function writePrivate(file: string, content: string): Promise<void> {
  const staging = `${file}.${randomBytes(6).toString('hex')}`;
  await createPrivate(staging, content);
  await rename(staging, file);
}

export async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, { encoding: 'utf8', flag: constants.O_RDONLY | constants.O_NOFOLLOW })).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` holding `DATA_DIR/postgres.lock`, so that a service and a partner-admin started
 * together neither initialise nor start the cluster twice. A lock left by a dead process is taken over.
 */
export async function withLock<T>(dir: string, work: () => Promise<T>, waitMs = 120_000): Promise<T> {
  const lock = path.join(dir, 'postgres.lock');
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      await createPrivate(lock, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readIfPresent(lock).catch(() => undefined));
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) await unlink(lock).catch(() => {});
      else if (Date.now() > until) throw new Error(`${lock} is held by process ${holder}`);
      else await pause(100);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => {});
  }
}

/** The live processes using the cluster, as recorded in `DATA_DIR/postgres.users`. */
export async function users(dir: string): Promise<number[]> {
  const raw = await readIfPresent(path.join(dir, 'postgres.users'));
  const pids = raw ? raw.split(/\s+/).map(Number).filter((pid) => Number.isInteger(pid) && pid > 0) : [];
  return pids.filter(alive);
}

export async function recordUsers(dir: string, pids: number[]): Promise<void> {
  await writePrivate(path.join(dir, 'postgres.users'), [...new Set(pids)].join('\n'));
}
