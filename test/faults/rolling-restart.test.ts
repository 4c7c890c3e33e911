// A rolling restart: two service processes behind the test's own round-robin, under steady load;
// each gets SIGTERM and is started again in turn, and a migration that adds a column is applied
// between them (expand first: the running release never needs the column). And the migration
// lock: two instances started together on an empty database migrate it once.
import t, { type Test } from 'tap';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { loadConfig } from '../../src/config.js';
import { listMigrations, migrate, migrationsDir } from '../../src/db/migrate.js';
import { createPool, servingPool } from '../../src/db/pool.js';
import { createLog } from '../../src/http/log.js';
import { createApp } from '../../src/runtime.js';
import { serve } from '../../src/server.js';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import { freePort, privateCluster } from '../support/cluster.js';
import { createClub } from '../support/factories.js';
import { serviceAt } from '../support/harness.js';
import { baseEnv, start, waitForLine } from '../support/processes.js';

const cluster = await privateCluster(t);
const secret = process.env.PARTNER_SECRET_KEY!;
const sql = createPool(cluster.url, 2);
t.teardown(() => sql.end({ timeout: 1 }));

type Instance = ReturnType<typeof start>;
/** `partner-service serve` on `port`, resolved once it listens. */
async function launch(t: Test, port: number, databaseUrl = cluster.url): Promise<Instance> {
  const child = start('partner-service', ['serve'], baseEnv({
    DATABASE_URL: databaseUrl, PARTNER_SECRET_KEY: secret, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info',
  }));
  t.teardown(() => void child.kill('SIGKILL'));
  await waitForLine(child, (line) => line.includes('"listening"'), 60_000);
  return child;
}

interface Answer { status: number; code?: string; retryAfter?: string; retried: number; closedKeptAlive?: boolean }

/**
 * One signed request, on a fresh connection (`agent` false) or a kept-alive one. A connection
 * refused, or reset before any answer, is retried once on the other port: that is the window
 * between the listener closing and the kernel's queue of completed connections, which the service
 * never saw (bin/README.md, "Running at scale"). Whatever the service accepted, it must answer.
 */
async function send(agent: http.Agent | false, ports: number[], turn: number, key: SigningKey, method: string, target: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  let retried = 0;
  for (let attempt = 0; attempt < 2; attempt++) {
    const port = ports[(turn + attempt) % ports.length]!;
    const text = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(target, `http://127.0.0.1:${port}`);
    const signed = signRequest({ method, url, headers: { ...headers, ...(text ? { 'content-type': 'application/json' } : {}) }, body: text, key });
    try {
      return await new Promise<Answer>((resolve, reject) => {
        const req = http.request(url, { method, headers: signed, agent }, (res) => {
          let data = '';
          res.on('data', (c) => (data += c));
          res.on('end', () => resolve({
            status: res.statusCode!, code: data ? JSON.parse(data).code : undefined, retryAfter: res.headers['retry-after'], retried,
            closedKeptAlive: agent !== false && res.headers.connection === 'close',
          }));
        });
        req.on('error', reject);
        req.end(text);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ECONNREFUSED' && code !== 'ECONNRESET') || attempt === 1) {
        return { status: 0, code, retried };
      }
      retried++;
    }
  }
  throw new Error('unreachable');
}

t.test('a rolling restart with a column-adding migration between the instances fails no request and loses no write', async (t) => {
  const ports = [await freePort(), await freePort()];
  const instances = [await launch(t, ports[0]!), await launch(t, ports[1]!)];
  const club = await createClub(serviceAt(`http://127.0.0.1:${ports[0]}`, sql, Buffer.from(secret, 'base64')), undefined, { rateLimit: 1_000_000 });

  const answers: Answer[] = [];
  const created: string[] = [];
  let running = true;
  let serial = 0;
  // Four clients open a connection per request, two keep theirs open as a load balancer does.
  const keepAlive = new http.Agent({ keepAlive: true });
  t.teardown(() => keepAlive.destroy());
  const loops = [0, 1, 2, 3, 4, 5].map(async (loop) => {
    const agent = loop >= 4 ? keepAlive : false;
    for (let turn = loop; running; turn++) {
      if (turn % 2 === 0) {
        const ref = `roll-${serial++}`;
        const body = { first_name: 'Rolf', last_name: 'Restart', birth_date: '2003-04-05', gender: 'male', external_ref: ref };
        const answer = await send(agent, ports, turn, club.key, 'POST', '/v1/club/members', body, { 'idempotency-key': ref });
        if (answer.status === 201) created.push(ref);
        answers.push(answer);
      } else answers.push(await send(agent, ports, turn, club.key, 'GET', '/v1/me'));
      await sleep(5);
    }
  });

  // The new release's migration: an added, nullable column the old code neither reads nor writes.
  const next = await mkdtemp(path.join(os.tmpdir(), 'partner-migrations-'));
  t.teardown(() => rm(next, { recursive: true, force: true }));
  for (const file of await readdir(migrationsDir)) await copyFile(path.join(migrationsDir, file), path.join(next, file));
  const number = (await listMigrations()).length + 1;
  await writeFile(path.join(next, `${String(number).padStart(5, '0')}_member_nickname.sql`), 'alter table members add column nickname text;\n');

  await sleep(500);
  for (const [i, port] of ports.entries()) {
    const child = instances[i]!;
    child.kill('SIGTERM');
    const { code } = await child.output;
    t.equal(code, 0, `instance ${i + 1} stopped cleanly`);
    if (i === 0) t.same(await migrate(sql, next), [`${String(number).padStart(5, '0')}_member_nickname.sql`], 'the migration applied between the two');
    instances[i] = await launch(t, port);
    await sleep(500);
  }
  running = false;
  await Promise.all(loops);
  t.comment(`${answers.length} requests, ${answers.filter((a) => a.retried).length} retried after a refused or reset connection`);

  t.ok(answers.length > 50, `${answers.length} requests`);
  t.ok(answers.some((a) => a.retried > 0), 'some met a refused or reset connection and were retried');
  t.ok(answers.some((a) => a.closedKeptAlive), 'a stopping instance closed kept-alive connections with its answer');
  t.same(answers.filter((a) => a.status === 0).map((a) => a.code), [], 'no connection error after one retry');
  t.same(answers.filter((a) => a.status >= 500 && !(a.status === 503 && a.retryAfter)).map((a) => a.status), [], 'no 5xx but 503 with Retry-After');
  t.same(answers.filter((a) => a.status !== 200 && a.status !== 201 && a.status !== 503).map((a) => `${a.status} ${a.code}`), [], 'nothing else refused');
  const rows = await sql<{ external_ref: string }[]>`select external_ref from members where club_id = ${club.id} and external_ref like 'roll-%'`;
  const stored = new Set(rows.map((r) => r.external_ref));
  t.ok(created.length > 10, `${created.length} creates answered 201`);
  t.same(created.filter((ref) => !stored.has(ref)), [], 'every one of them stored');
  t.equal(rows.length, stored.size, 'none stored twice, retried or not');
  for (const child of instances) child.kill('SIGTERM');
  await Promise.all(instances.map((c) => c.output));
});

t.test('two instances started together on an empty database migrate it once', async (t) => {
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  t.teardown(() => admin.end({ timeout: 1 }));
  await admin`create database migrate_once`;
  const url = new URL(cluster.url);
  url.pathname = '/migrate_once';
  const both = await Promise.all([launch(t, await freePort(), url.toString()), launch(t, await freePort(), url.toString())]);
  const fresh = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const rows = await fresh<{ number: number }[]>`select number from schema_migrations order by number`;
  await fresh.end();
  // Had both applied a migration, the second's `create table` would have failed and its process exited.
  t.pass('both listen');
  t.same(rows.map((r) => r.number), (await listMigrations()).map((m) => m.number), 'every migration recorded');
  for (const child of both) child.kill('SIGTERM');
  const codes = await Promise.all(both.map(async (c) => (await c.output).code));
  t.same(codes, [0, 0], 'both served and stopped cleanly');
  await admin`drop database migrate_once with (force)`;
});

t.test('a stopping server answers, with Connection: close, what arrives on connections it had accepted, and closes the idle ones after the idle grace', async (t) => {
  const config = loadConfig({ ...process.env, DATABASE_URL: cluster.url, LOG_LEVEL: 'silent', WEBHOOK_CONCURRENCY: '0' });
  const pool = servingPool(cluster.url, 2);
  const running = await createApp(config, pool);
  t.teardown(async () => {
    await running.stop();
    await pool.end({ timeout: 1 });
  });
  const listening = await serve(running.app, createLog('silent'), { port: 0, host: '127.0.0.1' });
  const connect = () => new Promise<net.Socket>((resolve, reject) => {
    const socket = net.connect(listening.port, '127.0.0.1', () => resolve(socket)).once('error', reject);
  });
  const request = 'GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  /** Everything the server sends until it closes the connection; a reset rejects. */
  const untilClosed = (socket: net.Socket) => new Promise<string>((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk)).once('error', reject).once('close', () => resolve(text));
  });

  const kept = await connect();
  const first = once(kept, 'data');
  kept.write(request);
  t.match(String((await first)[0]), /^HTTP\/1\.1 200/, 'a kept-alive connection served once');
  const fresh = await connect();
  const idle = await connect();
  await sleep(50);
  const answers = [untilClosed(kept), untilClosed(fresh)];
  const idleClosed = untilClosed(idle);

  const stopping = Date.now();
  const closed = listening.close(5_000, 400);
  await sleep(100);
  await t.rejects(connect(), { code: 'ECONNREFUSED' }, 'a new connection is refused at once');
  kept.write(request);
  fresh.write(request);
  for (const [i, text] of (await Promise.all(answers)).entries()) {
    t.match(text, /^HTTP\/1\.1 200/, `the ${i ? 'accepted, unused' : 'kept-alive'} connection's request is answered`);
    t.match(text, /\r\nconnection: close\r\n/i, 'with Connection: close, and the connection then closed');
  }
  t.equal(await idleClosed, '', 'the connection that sent nothing is closed without an answer');
  const idleFor = Date.now() - stopping;
  t.ok(idleFor >= 350, `after the idle grace (${idleFor} ms)`);
  await closed;
  t.ok(Date.now() - stopping < 2_000, 'and the server is closed once no connection is left');
});
