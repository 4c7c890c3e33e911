// Every statement routes to one shard: each of the 95 operations, sent through the real service
// on the Citus cluster with real signatures (the request of test/support/scenarios.ts that
// succeeds, and for an id-bearing route the same route with another workspace's ids), then each
// list's read variants (test/support/read-variants.ts: a second page through `next_cursor` and
// one request per documented filter, `q` included, each answered 200), then every background job.
// Between test/support/citus-routing.ts's reset and its read, a request's path may send nothing to
// more than one shard; a job may only send what the reviewed list below names.
// Each operation must also answer as on plain Postgres (2xx, and 404 for the foreign ids).
import t, { type Test } from 'tap';
import { revokeCredential } from '../../src/console/credentials.js';
import { createPool } from '../../src/db/pool.js';
import { followHistory } from '../../src/db/history.js';
import { purgeUsage } from '../../src/auth/usage.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { purgeIdempotency } from '../../src/resources/idempotency-keys.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { privateCitusDatabase } from '../support/citus.js';
import { multiShardStatements, resetRouting, statementErrors } from '../support/citus-routing.js';
import { ageIdempotencyKey, clubTenantOf, createClub, createEntry, createSeason, ownedIds, type Tenant } from '../support/factories.js';
import { postgres, request, startService } from '../support/harness.js';
import { filtersOf, listVariants, type ReadVariant, type Send } from '../support/read-variants.js';
import { successScenario, type Scenario } from '../support/scenarios.js';
import { addTestEndpoint, loopback } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';
import { setTimeout as sleep } from 'node:timers/promises';

interface Exception {
  /** Matches the statement's text as Citus logged it. */
  pattern: RegExp;
  /** The background job that sends it: never a request. */
  job: string;
  why: string;
}

/** The reviewed multi-shard statements. None may belong to a request. */
const reviewed: Exception[] = [
  {
    pattern: /^\s*select distinct e\.federation_id::text from webhook_endpoints e\s+where e\.status = 'enabled'\s+and exists \(select 1 from changes c where c\.federation_id = e\.federation_id/,
    job: 'webhook delivery',
    why: 'the delivery worker serves every federation, so each pass first asks which federations have changes behind an '
      + 'enabled endpoint (src/webhooks/enqueue.ts): one read per pass, locking nothing, one task per shard; asking each '
      + 'federation in turn would send one statement per federation per pass even when there is nothing to send. '
      + 'Everything it then writes goes one statement per federation, to one shard',
  },
  {
    pattern: /^\s*with held \(workspace_id, n\) as \(select \* from unnest\(\$1::bigint\[\], \$2::int\[\]\)\s+\), due as \(/,
    job: 'webhook delivery',
    why: 'the claim\'s pick (src/webhooks/claim.ts) shares the instance\'s free slots round robin over every workspace with '
      + 'due messages, which needs them all in one view: a read that locks nothing, one per pass; the endpoints picked are '
      + 'then locked FOR UPDATE SKIP LOCKED and marked sending one statement per federation, each on one shard',
  },
];

const jobs = ['startup', 'webhook delivery', 'nonce sweep', 'credential cache listener', 'idempotency purge', 'feed-history check'];

const url = await privateCitusDatabase(t, 'walk');
const admin = postgres(url, { max: 1, onnotice: () => {} });
t.teardown(() => admin.end({ timeout: 1 }));
const service = await startService(t, {}, undefined, { databaseUrl: url, poolLimits: true });

/** What `work` sent to more than one shard (the service's purge timer, should it fire meanwhile, sends none). */
async function routedBy(work: () => Promise<void>): Promise<string[]> {
  await resetRouting(admin);
  await work();
  return multiShardStatements(admin);
}

/** The statements of `job` that the reviewed list does not name for it. */
const unreviewed = (job: string, statements: string[]) =>
  statements.filter((s) => !reviewed.some((e) => e.job === job && e.pattern.test(s)));

t.test('the reviewed list names known jobs only, each entry with its reason', async (t) => {
  for (const e of reviewed) {
    t.ok(jobs.includes(e.job), `${e.pattern}: ${e.job} is a background job`);
    t.ok(e.why.length > 20, `${e.pattern}: has its reason`);
  }
});

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** One line per failure, printed at the end of the walk for the reader of the run. */
const findings: string[] = [];

t.test('every operation: answered as on plain Postgres, every statement on one shard', async (t) => {
  t.teardown(() => void (findings.length && t.comment(`the walk's failures:\n${findings.join('\n')}`)));
  t.equal(operations.length, 95, 'the contract\'s 95 operations');
  for (const op of operations) {
    await t.test(op.id, async (t) => {
      let scenario: Scenario, foreign: Scenario | undefined;
      try {
        scenario = await successScenario(service, op);
        foreign = op.path.includes('{') ? await successScenario(service, op) : undefined;
      } catch (error) {
        t.fail(`the scenario's rows (test/support/factories): ${(error as Error).message}`);
        findings.push(`${op.id}: factory refused: ${(error as Error).message}`);
        return;
      }
      const answers: [string, number, number, string][] = [];
      const statements = await routedBy(async () => {
        const res = await request(service.url, op.method, scenario.path, { key: scenario.as.key, body: scenario.body });
        answers.push(['the example', 200, res.status, JSON.stringify(res.body)]);
        if (foreign) {
          const other = await request(service.url, op.method, foreign.path, { key: scenario.as.key, body: scenario.body });
          answers.push(['another workspace\'s ids', 404, other.status, JSON.stringify(other.body)]);
        }
      });
      const errors = await statementErrors(admin);
      for (const [what, expected, status, body] of answers) {
        const same = statusClass(status) === statusClass(expected);
        t.ok(same, `${what}: ${status}`, same ? {} : { body, errors });
        if (!same) findings.push(`${op.id}: ${what} ${status}: ${errors.join(' | ') || body}`);
      }
      for (const s of statements) findings.push(`${op.id}: multi-shard: ${s.replace(/\s+/g, ' ').trim()}`);
      t.same(statements, [], 'no statement on more than one shard');
    });
  }
});

/**
 * Documented filters no value is accepted for, so the walk cannot route them: `operation filter`
 * → why. Each entry is reviewed; a filter missing here that gets no 200 fails the walk.
 */
const unvalued: Record<string, string> = {};

/** A row of each list that has no lookup of its rows to derive the kind from (`path`: the list's, ids filled in). */
const rowOf: Record<string, (as: Tenant, path: string, i: number) => Promise<unknown>> = {
  'federation.categories.list': (as) => ownedIds.category_id!(service, as),
  'federation.officials.list': (as) => ownedIds.official_id!(service, as),
  'club.plans.list': (as) => ownedIds.plan_id!(service, as),
  'federation.sanctions.list': (as) => ownedIds.sanction_id!(service, as),
  'federation.seasons.list': (as, _, i) => createSeason(service, as.federationId, 'planned', 2095 + i),
  'federation.entries.list': async (as, path) => createEntry(service, await clubTenantOf(service, as), path.split('/').at(-2)!),
  // The factories write no changes: a write through the service does.
  'club.changes.list': (as) => created(as, '/v1/club/members', { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2011-01-02', gender: 'female' }),
  'federation.changes.list': (as, _, i) => created(as, '/v1/federation/officials', { first_name: 'Sanne', last_name: 'de Vries', email: `sanne${i}@example.org`, grade: 'National A' }),
};

/** A write through the service that must answer 201. */
async function created(as: Tenant, path: string, body: unknown): Promise<void> {
  const res = await as.call('POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Two rows of the list, so that a page of one row hands out `next_cursor`: of its lookup's kind, else as `rowOf` says. */
async function twoRows(op: Operation, as: Tenant, path: string): Promise<void> {
  const depth = pathNames(op.path).length + 1;
  const lookup = operations.find((o) => o.method === 'GET' && o.path.startsWith(`${op.path}/{`) && pathNames(o.path).length === depth);
  const owned = lookup && ownedIds[pathNames(lookup.path).at(-1)!];
  const make = rowOf[op.id] ?? (owned && (() => owned(service, as)));
  for (let i = 0; make && i < 2; i++) await make(as, path, i);
}

/** A value for each id filter of `op`: a row `as` holds, made by the factories; `after` (a feed's position) its first row. */
async function filterIds(op: Operation, as: Tenant, path: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name] of filtersOf(op)) {
    if (ownedIds[name]) ids[name] = await ownedIds[name](service, as);
    else if (name === 'after') ids[name] = (await as.call('GET', path)).body?.data?.[0]?.id;
  }
  return ids;
}

const send: Send = async (r) => {
  const res = await request(service.url, r.method, r.path, { key: r.key });
  return { status: res.status, json: res.body };
};

t.test('every list: a second page and each documented filter, answered 200, every statement on one shard', async (t) => {
  const lists = operations.filter((op) => op.method === 'GET' && op.list);
  const counts = { sent: 0, filters: 0, pages: 0 };
  const from = findings.length;
  t.teardown(() => void (findings.length > from && t.comment(`the list variants' failures:\n${findings.slice(from).join('\n')}`)));
  t.teardown(() => t.comment(`list variants: ${counts.sent} sent over ${lists.length} lists (${counts.pages} second pages, ${counts.filters} filters)`));
  for (const key of Object.keys(unvalued)) {
    const [id, filter] = key.split(' ');
    t.ok(lists.some((op) => op.id === id && filtersOf(op).some(([name]) => name === filter)), `${key}: a documented filter of a list`);
  }
  for (const op of lists) {
    await t.test(op.id, async (t) => {
      const { as, path } = await successScenario(service, op);
      await twoRows(op, as, path);
      const ids = await filterIds(op, as, path);
      let variants: ReadVariant[] = [];
      const answers: [string, number][] = [];
      const statements = await routedBy(async () => {
        variants = await listVariants(send, op, path, as.key, ids, { limit: 1, pages: 1 });
        for (const v of variants) if ('req' in v) answers.push([v.variant, (await send(v.req)).status]);
      });
      const errors = await statementErrors(admin);
      for (const [variant, status] of answers) {
        t.equal(status, 200, variant, status === 200 ? {} : { errors });
        if (status !== 200) findings.push(`${op.id}: ${variant} ${status}: ${errors.join(' | ')}`);
      }
      counts.sent += answers.length;
      counts.filters += variants.filter((v) => v.filter && 'req' in v).length;
      const paged = variants.some((v) => v.variant === 'second page' && 'req' in v);
      counts.pages += Number(paged);
      t.ok(paged, 'two rows, one a page: next_cursor handed out (a list without a lookup names its rows in rowOf)');
      if (!paged) findings.push(`${op.id}: no next_cursor over two rows`);
      for (const v of variants) {
        if (!v.filter || !('skip' in v)) continue;
        const reviewed = unvalued[`${op.id} ${v.filter}`];
        t.ok(reviewed, `${v.variant}: ${reviewed ?? v.skip}`, reviewed ? {} : { errors });
        if (!reviewed) findings.push(`${op.id}: ${v.variant}: ${v.skip}${errors.length ? `: ${errors.join(' | ')}` : ''}`);
      }
      for (const s of statements) findings.push(`${op.id} (list variants): multi-shard: ${s.replace(/\s+/g, ' ').trim()}`);
      t.same(statements, [], 'no statement on more than one shard');
    });
  }
});

t.test('a POST with an Idempotency-Key, sent again: the same answer, every statement on one shard', async (t) => {
  const club = await createClub(service);
  const body = { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2011-01-02', gender: 'female' };
  const answers: number[] = [];
  const statements = await routedBy(async () => {
    for (let i = 0; i < 2; i++) answers.push((await club.call('POST', '/v1/club/members', body, { headers: { 'idempotency-key': 'walk-replay' } })).status);
  });
  t.same(answers, [201, 201], 'created, then replayed', { errors: await statementErrors(admin) });
  t.same(statements, [], 'no statement on more than one shard');
});

/** Runs a background job between the marks: it must work, and send only what the reviewed list names for it. */
async function job(t: Test, name: string, work: () => Promise<void>): Promise<void> {
  const statements = await routedBy(async () => {
    try {
      await work();
    } catch (error) {
      t.fail(`${name}: ${(error as Error).message}`, { errors: await statementErrors(admin) });
    }
  });
  t.same(unreviewed(name, statements), [], `${name}: only reviewed statements on more than one shard`);
}

t.test('background jobs send only reviewed multi-shard statements', async (t) => {
  await t.test('startup', (t) => job(t, 'startup', async () => void await startService(t, {}, undefined, { databaseUrl: url })));

  await t.test('webhook delivery: an endpoint, a change, one delivery', async (t) => {
    const receiver = await startReceiver();
    t.teardown(() => receiver.close());
    const club = await createClub(service);
    await addTestEndpoint(service, club, receiver.base);
    const change = await club.call('POST', '/v1/club/members', { first_name: 'Grace', last_name: 'Hopper', birth_date: '2011-01-02', gender: 'female' });
    t.equal(change.status, 201, 'a change to deliver');
    const sql = createPool(url, 3);
    t.teardown(() => sql.end({ timeout: 1 }));
    await job(t, 'webhook delivery', async () => {
      // As the serving instance runs it (src/webhooks/service.ts): every federation, listening.
      const worker = await startWorker({ sql, masterKey: service.masterKey, allowed: loopback, concurrency: 2, pollMs: 20, listen: true });
      try {
        await receiver.waitFor(1, 15_000);
        await worker.settle();
      } finally {
        await worker.stop();
      }
    });
    t.equal(receiver.received.length, 1, 'delivered once');
  });

  await t.test('nonce sweep', (t) => job(t, 'nonce sweep', () => purgeUsage(service.sql, 60)));
  await t.test('idempotency purge: a key past 24 h goes', async (t) => {
    await ageIdempotencyKey(service, 'walk-replay', 25);
    await job(t, 'idempotency purge', () => purgeIdempotency(service.sql));
    const [{ n }] = await admin<[{ n: number }]>`select count(*)::int as n from idempotency_keys where key = 'walk-replay'`;
    t.equal(n, 0, 'purged');
  });
  await t.test('feed-history check', (t) => job(t, 'feed-history check', async () => void await followHistory(service.sql)));

  await t.test('credential cache listener: a revoke reaches the cache', async (t) => {
    const club = await createClub(service);
    t.equal((await club.call('GET', '/v1/me')).status, 200, 'cached');
    let code: string | undefined;
    await job(t, 'credential cache listener', async () => {
      await revokeCredential(admin, club.keyId);
      const until = Date.now() + 5000;
      while (Date.now() < until && (code = (await club.call('GET', '/v1/me')).body?.code) !== 'credential_revoked') await sleep(20);
    });
    t.equal(code, 'credential_revoked', 'the revoked key is refused');
  });
});
