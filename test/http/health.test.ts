// The service outlives its database: /health says so within 1 s, and both recover by themselves.
import t from 'tap';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { embeddedServer } from '../../src/db/embedded.js';
import { servingPool } from '../../src/db/pool.js';
import { createLog } from '../../src/http/log.js';
import { createApp } from '../../src/runtime.js';
import { serve } from '../../src/server.js';
import { request, serviceAt } from '../support/harness.js';
import { createClub } from '../support/factories.js';
import { setTimeout as sleep } from 'node:timers/promises';

const port = await new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const p = (s.address() as net.AddressInfo).port;
    s.close(() => resolve(p));
  });
});
const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-health-'));
await chmod(dir, 0o755);
const db = await embeddedServer(dir, port);
await db.start();
const pool = servingPool(db.url, 4);
const config = loadConfig({ ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' });
const running = await createApp(config, pool);
const listening = await serve(running.app, createLog('silent'), { port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${listening.port}`;
t.teardown(async () => {
  await listening.close(1000);
  await running.stop();
  await pool.end({ timeout: 1 });
  await db.stop();
  await rm(dir, { recursive: true, force: true });
});

t.test('health follows the database down and back up', async (t) => {
  const club = await createClub(serviceAt(url, pool.current, config.secretKey!));
  const up = await request(url, 'GET', '/health');
  t.equal(up.status, 200);
  t.same({ ...up.body, version: 'x' }, { status: 'ok', database: 'ok', version: 'x' });

  await db.stop();
  const started = Date.now();
  const down = await request(url, 'GET', '/health');
  t.ok(Date.now() - started < 1500, 'answers within about 1 s');
  t.equal(down.status, 503);
  t.same({ ...down.body, version: 'x' }, { status: 'unavailable', database: 'unreachable', version: 'x' });
  const v1 = await request(url, 'GET', '/v1/me', { key: club.key });
  t.equal(v1.status, 503);
  t.equal(v1.body.code, 'service_unavailable');
  t.equal(v1.headers.get('retry-after'), '1');
  t.notMatch(JSON.stringify(v1.body), /ECONN|127\.0\.0\.1|postgres/i, 'no internals');

  await db.start();
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    status = (await request(url, 'GET', '/health')).status;
    if (status !== 200) await sleep(100);
  }
  t.equal(status, 200, 'recovered without a restart');
  t.equal((await request(url, 'GET', '/v1/me', { key: club.key })).status, 200);
});
