// What a burst of signed reads costs the database, counted at the service's own pool: one
// bookkeeping statement per batch, no transaction, nothing else.
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { createLog } from '../../src/http/log.js';
import { recordUsage } from '../../src/auth/usage.js';
import { createApp } from '../../src/runtime.js';
import { serve } from '../../src/server.js';
import { createClub } from '../support/factories.js';
import { databaseUrl, postgres, serviceAt } from '../support/harness.js';

const statements: string[] = [];
const sql = postgres(databaseUrl(), { max: 4, onnotice: () => {}, debug: (_connection, query) => statements.push(query) });
const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl(), LOG_LEVEL: 'silent' });
const running = await createApp(config, sql);
const listening = await serve(running.app, createLog('silent'), { port: 0, host: '127.0.0.1' });
t.teardown(async () => {
  await listening.close(1000);
  await running.stop();
  await sql.end({ timeout: 1 });
});
const service = serviceAt(`http://127.0.0.1:${listening.port}`, sql, config.secretKey!);

t.test('64 concurrent signed GET /v1/me: only batched bookkeeping statements reach the database', async (t) => {
  const club = await createClub(service);
  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the credential is cached');
  statements.length = 0;
  const responses = await Promise.all(Array.from({ length: 64 }, () => club.call('GET', '/v1/me')));
  t.ok(responses.every((r) => r.status === 200));
  // postgres.js reads the array types once on each connection it opens: not a per-request query.
  const other = statements.filter((q) => !/insert into nonces/.test(q) && !/from pg_catalog\.pg_type/.test(q));
  t.same(other, [], 'no BEGIN, no credential lookup, no other query');
  // How many requests share a statement depends on how they arrive; the next test pins the batching itself.
  t.ok(statements.length >= 1 && statements.length <= 64, `${statements.length} statement(s) for 64 requests`);
});

t.test('64 usage records made in one event-loop turn share one statement, each with its own answer', async (t) => {
  const club = await createClub(service);
  const [credential] = await sql<{ id: string }[]>`select id from credentials where key_id = ${club.keyId}`;
  const now = Date.now();
  statements.length = 0;
  const results = await Promise.all(Array.from({ length: 64 }, (_, i) => recordUsage(sql, {
    credentialId: credential!.id, nonce: `turn-${now}-${i}`, created: Math.floor(now / 1000),
    nonceExpiresAt: new Date(now + 600_000), limit: 1000, windowSeconds: 60, now,
  })));
  t.equal(statements.filter((q) => /insert into nonces/.test(q)).length, 1, 'one statement');
  const remaining = results.map((r) => (r.outcome === 'fresh' ? r.rate.remaining : -1));
  t.equal(new Set(remaining).size, 64, 'each its own count');
  t.ok(remaining.every((n) => n >= 1000 - 64), 'all counted in the window');
});
