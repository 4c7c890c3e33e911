// What a burst of signed reads costs the database, counted at the service's own pool: batched
// bookkeeping statements, no transaction, nothing else.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createLog } from '../../src/http/log.js';
import { renewable } from '../../src/db/renewal.js';
import { createApp } from '../../src/runtime.js';
import { serve } from '../../src/server.js';
import { createClub } from '../support/factories.js';
import { databaseUrl, postgres, serviceAt } from '../support/harness.js';

const statements: string[] = [];
const pool = renewable(() => postgres(databaseUrl(), { max: 4, onnotice: () => {}, debug: (_connection, query) => statements.push(query) }));
// No webhook worker: its polls share the pool and are not the requests' statements.
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'silent', WEBHOOK_CONCURRENCY: '0' });
const running = await createApp(config, pool);
const listening = await serve(running.app, createLog('silent'), { port: 0, host: '127.0.0.1' });
t.teardown(async () => {
  await listening.close(1000);
  await running.stop();
  await pool.end({ timeout: 1 });
});
const service = serviceAt(`http://127.0.0.1:${listening.port}`, pool.current, config.secretKey!);

t.test('64 concurrent signed GET /v1/me: only batched bookkeeping statements reach the database', async (t) => {
  const club = await createClub(service);
  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the credential is cached');
  statements.length = 0;
  const responses = await Promise.all(Array.from({ length: 64 }, () => club.call('GET', '/v1/me')));
  t.ok(responses.every((r) => r.status === 200));
  // postgres.js reads the array types once on each connection it opens: not a per-request query.
  const other = statements.filter((q) => !/insert into nonces/.test(q) && !/from pg_catalog\.pg_type/.test(q));
  t.same(other, [], 'no BEGIN, no credential lookup, no other query');
  // How many share a statement depends on how the requests arrive (usage.test.ts proves the
  // batching itself); never more than one each.
  t.ok(statements.length >= 1 && statements.length <= 64, `${statements.length} bookkeeping statement(s) for 64 requests`);
});
