// The embedded Postgres of a checkout: side by side with another, private files, a clear failure,
// nothing left behind after `partner-service clean`.
import t from 'tap';
import { appendFile, chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { loadConfig } from '../../src/config.js';
import { embeddedServer, removeEmbedded, socketDirFits } from '../../src/db/embedded.js';
import { socketFile, socketOf } from '../../src/db/hosts.js';
import { openDatabase } from '../../src/runtime.js';
import { countWrites } from '../support/postgres-writes.js';
import { run } from '../support/processes.js';

const scratch = await mkdtemp(path.join(os.tmpdir(), 'partner-embedded-'));
t.teardown(() => rm(scratch, { recursive: true, force: true }));
const varTmp = async () => new Set((await readdir('/var/tmp')).filter((n) => n.startsWith('partner-service-')));
const before = await varTmp();

const answers = async (url: string) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql`select 1 as one`)[0]?.one === 1;
  } finally {
    await sql.end();
  }
};

const mode = async (file: string) => (await lstat(file)).mode & 0o777;

t.test('two DATA_DIRs start at once on ports of their own, remembered; files are private', async (t) => {
  const [a, b] = [path.join(scratch, 'a'), path.join(scratch, 'b')];
  const [one, two] = await Promise.all([embeddedServer(a), embeddedServer(b)]);
  t.same(await Promise.all([one.start(), two.start()]), [true, true]);
  t.teardown(() => Promise.all([one.stop(), two.stop()]));
  t.not(new URL(one.url).port, new URL(two.url).port);
  t.ok(await answers(one.url));
  t.ok(await answers(two.url));
  t.equal(await readFile(path.join(a, 'postgres.port'), 'utf8'), new URL(one.url).port, 'remembered in DATA_DIR');

  t.equal(await mode(a), 0o700, 'DATA_DIR is 0700');
  t.equal(await mode(one.dataDir), 0o700, 'the cluster is 0700');
  for (const name of await readdir(a)) {
    const file = path.join(a, name);
    if ((await lstat(file)).isDirectory()) t.equal(await mode(file), 0o700, `${name} is 0700`);
    else t.equal(await mode(file), 0o600, `${name} is 0600`);
  }

  // Another process (partner-admin beside a service) uses the running server and leaves it up.
  const migrated = await run('partner-service', ['migrate'], { PATH: process.env.PATH ?? '', DATA_DIR: a });
  t.equal(migrated.code, 0);
  t.ok(await answers(one.url), 'still up for the process that started it');
  const again = await embeddedServer(a);
  t.equal(await again.start(), false, 'already running');
  t.equal(again.url, one.url, 'same port');
});

t.test('a service and a partner-admin preparing one new DATA_DIR at once share one cluster', async (t) => {
  const dir = path.join(scratch, 'together');
  const homesBefore = await varTmp();
  const [one, two] = await Promise.all([embeddedServer(dir), embeddedServer(dir)]);
  t.equal(one.dataDir, two.dataDir, 'one cluster');
  // As root, the server user cannot reach the private scratch folder: the cluster lives in a home under /var/tmp.
  const homes = [...(await varTmp())].filter((n) => !homesBefore.has(n));
  t.equal(homes.length, process.getuid?.() === 0 ? 1 : 0, `one home: ${homes.join(', ')}`);
  t.same((await Promise.all([one.start(), two.start()])).sort(), [false, true], 'started once');
  t.teardown(() => one.stop());
  t.ok(await answers(two.url));
});

t.test('the service reaches the cluster through its unix socket, as any DATABASE_URL naming one does', async (t) => {
  const dir = path.join(scratch, 'socket');
  const server = await embeddedServer(dir);
  await server.start();
  t.teardown(() => server.stop());
  const socket = socketOf(server.socketUrl);
  t.equal(socket?.path, socketFile(server.dataDir, new URL(server.url).port), 'in the cluster\'s own folder');
  const writes = countWrites(socket!.path);
  t.teardown(writes.stop);
  t.ok(await answers(server.url), 'TCP answers too');
  // The embedded default last: closing it stops the server this process started.
  for (const env of [{ DATABASE_URL: server.socketUrl, PARTNER_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }, { DATA_DIR: dir }]) {
    const database = await openDatabase(loadConfig(env));
    const [row] = await database.pool.current<{ address: string | null }[]>`select inet_server_addr() as address`;
    await database.close();
    t.equal(row?.address, null, `${Object.keys(env)[0]}: no server address, so not TCP`);
  }
  t.ok(writes.writes >= 2, `the round trips went to the socket (${writes.writes})`);
});

t.test('a cluster folder too deep for a socket\'s path, or not plain, keeps the cluster on TCP alone', async (t) => {
  t.ok(socketDirFits('/var/tmp/partner-service-AbC123/postgres'));
  t.notOk(socketDirFits(`/home/${'d'.repeat(80)}/.data/postgres`), 'over the 107 bytes of a socket\'s path');
  t.notOk(socketDirFits("/home/o'brien/.data/postgres"), 'pg_ctl hands the setting to a shell');
});

t.test('a remembered port taken by something else: the next start moves to a free one', async (t) => {
  const dir = path.join(scratch, 'moved');
  const server = await embeddedServer(dir);
  await server.start();
  const first = Number(new URL(server.url).port);
  await server.stop();
  const squatter = net.createServer().listen(first, '127.0.0.1');
  await new Promise((resolve) => squatter.once('listening', resolve));
  t.teardown(() => new Promise((resolve) => squatter.close(resolve)));
  const next = await embeddedServer(dir);
  t.equal(await next.start(), true);
  t.teardown(() => next.stop());
  t.not(Number(new URL(next.url).port), first);
  t.ok(await answers(next.url));
});

t.test('a start that fails names the cause from the server log, on one line', async (t) => {
  const dir = path.join(scratch, 'broken');
  const server = await embeddedServer(dir);
  await appendFile(path.join(server.dataDir, 'postgresql.conf'), '\nshared_buffers = banana\n');
  const error = await server.start().then(() => undefined, (e: Error) => e);
  t.ok(error, 'refused to start');
  t.match(error?.message, /did not start: .*shared_buffers/);
  t.notMatch(error?.message, /\n/);
});

t.test('a DATA_DIR others can write to, or a planted symlink, is refused', async (t) => {
  const open = path.join(scratch, 'open');
  await mkdir(open, { mode: 0o777 });
  await chmod(open, 0o777);
  await t.rejects(embeddedServer(open), /no other user can write to/);
  const planted = path.join(scratch, 'planted');
  await mkdir(planted, { mode: 0o700 });
  await symlink('/etc/hostname', path.join(planted, 'postgres.password'));
  await t.rejects(embeddedServer(planted), { code: 'ELOOP' }, 'a symlink is not followed');
});

t.test('partner-service clean stops the server and leaves nothing behind', async (t) => {
  const dir = path.join(scratch, 'cleaned');
  const server = await embeddedServer(dir);
  await server.start();
  const { code, stdout } = await run('partner-service', ['clean'], { PATH: process.env.PATH ?? '', DATA_DIR: dir });
  t.equal(code, 0);
  t.ok(JSON.parse(stdout).removed.includes(dir));
  t.rejects(stat(dir), 'DATA_DIR removed');
  t.rejects(stat(server.dataDir), 'the cluster removed');
  t.notOk(await answers(server.url).catch(() => false), 'the server stopped');
  t.same(await removeEmbedded(dir), [], 'nothing left to remove');
});

t.test('nothing is left outside the DATA_DIRs once they are cleaned', async (t) => {
  for (const name of ['a', 'b', 'together', 'socket', 'moved', 'broken', 'planted']) await removeEmbedded(path.join(scratch, name));
  t.same([...(await varTmp())].filter((n) => !before.has(n)), []);
});
