// recordUsage against the real database, through a pool that counts the statements it sends.
import t from 'tap';
import { randomBytes, randomInt } from 'node:crypto';
import { recordUsage, type UsageInput, type UsageResult } from '../../src/auth/usage.js';
import { databaseUrl, postgres } from '../support/harness.js';

// Only the bookkeeping counts: a new connection also sends postgres.js's own type query.
const statements: string[] = [];
const sql = postgres(databaseUrl(), {
  max: 4, onnotice: () => {}, debug: (_connection, query) => /\bnonces\b/.test(query) && statements.push(query),
});
t.teardown(() => sql.end());

// Ids far above any identity the suite's other files issue: no credential row is needed.
const credentialId = () => String(randomInt(2 ** 40, 2 ** 47));
const nonce = () => randomBytes(16).toString('base64url');
const input = (credential: string, overrides: Partial<UsageInput> = {}): UsageInput => {
  const now = Date.now();
  return {
    credentialId: credential, nonce: nonce(), created: Math.floor(now / 1000),
    nonceExpiresAt: new Date(now + 301_000), limit: 50, windowSeconds: 3600, now, ...overrides,
  };
};
const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> => {
  const before = statements.length;
  const result = await work();
  return { result, statements: statements.length - before };
};
const remaining = (results: UsageResult[]) => results.map((r) => (r.outcome === 'fresh' ? r.rate.remaining : r.outcome));

t.test('80 concurrent calls against a limit of 50: one statement, exact consecutive counts', async (t) => {
  const credential = credentialId();
  const { result, statements: n } = await counted(() => Promise.all(Array.from({ length: 80 }, () => recordUsage(sql, input(credential)))));
  t.equal(n, 1, 'one statement for the whole batch');
  t.same(remaining(result), [...Array.from({ length: 50 }, (_, i) => 49 - i), ...Array<number>(30).fill(0)]);
  t.same(result.map((r) => r.outcome === 'fresh' && r.rate.exceeded), [...Array<boolean>(50).fill(false), ...Array<boolean>(30).fill(true)]);
  const [row] = await sql<{ used: number }[]>`select used from rate_windows where credential_id = ${credential}`;
  t.equal(row!.used, 80, 'every authenticated request is counted, 429s included');
});

t.test('a nonce succeeds once: twice in one batch, again in a later batch', async (t) => {
  const credential = credentialId();
  const same = input(credential);
  const other = credentialId();
  const { result, statements: n } = await counted(() => Promise.all([
    recordUsage(sql, same), recordUsage(sql, { ...same }), recordUsage(sql, input(credential)),
    recordUsage(sql, { ...same, credentialId: other }), recordUsage(sql, { ...same }),
  ]));
  t.equal(n, 1);
  t.same(result.map((r) => r.outcome), ['fresh', 'replayed', 'fresh', 'fresh', 'replayed'], 'a nonce belongs to its credential');
  t.same(remaining(result), [49, 'replayed', 48, 49, 'replayed'], 'replays count nothing');
  const later = await recordUsage(sql, { ...same });
  t.equal(later.outcome, 'replayed');
});

t.test('a replayed nonce among fresh ones: the plain insert writes nothing, the second statement counts each fresh one once', async (t) => {
  const credential = credentialId();
  const used = input(credential);
  t.equal((await recordUsage(sql, used)).outcome, 'fresh');
  const before = statements.length;
  const result = await Promise.all([recordUsage(sql, input(credential)), recordUsage(sql, { ...used }), recordUsage(sql, input(credential))]);
  const sent = statements.slice(before);
  t.equal(sent.length, 2, 'the plain insert, refused, then the statement that tolerates replays');
  t.notMatch(sent[0], /on conflict do nothing/);
  t.match(sent[1], /on conflict do nothing/);
  t.same(remaining(result), [48, 'replayed', 47]);
  const [row] = await sql<{ used: number }[]>`select used from rate_windows where credential_id = ${credential}`;
  t.equal(row!.used, 3, 'the refused statement counted nothing');
  const [nonces] = await sql<{ n: number }[]>`select count(*)::int as n from nonces where credential_id = ${credential}`;
  t.equal(nonces!.n, 3);
});

t.test('more calls than one statement takes: several batches, still exact', async (t) => {
  const credential = credentialId();
  const { result, statements: n } = await counted(() =>
    Promise.all(Array.from({ length: 1200 }, () => recordUsage(sql, input(credential, { limit: 2000 })))));
  t.equal(n, 3, '1200 calls in statements of at most 500');
  // Two batches run at once; which takes the window row first decides their ranges.
  const sorted = remaining(result).sort((x, y) => Number(y) - Number(x));
  t.same(sorted, Array.from({ length: 1200 }, (_, i) => 1999 - i), 'each count once');
});

t.test('separate credentials and windows in one batch keep their own counts', async (t) => {
  const [a, b] = [credentialId(), credentialId()];
  const now = Date.now();
  const windowEnd = Math.ceil(now / 3_600_000) * 3_600_000;
  const { result } = await counted(() => Promise.all([
    recordUsage(sql, input(a)), recordUsage(sql, input(b, { limit: 3 })), recordUsage(sql, input(a)),
    recordUsage(sql, input(a, { now: windowEnd + 1 })), recordUsage(sql, input(b, { limit: 3 })),
  ]));
  t.same(remaining(result), [49, 2, 48, 49, 1]);
  const fresh = result[3]!;
  t.ok(fresh.outcome === 'fresh' && fresh.rate.reset === 3600, 'the next window starts full');
});

t.test('concurrent callers on two pools (two instances) share the database exactly', async (t) => {
  const other = postgres(databaseUrl(), { max: 4, onnotice: () => {} });
  t.teardown(() => other.end());
  const credential = credentialId();
  const nonces = Array.from({ length: 40 }, () => input(credential, { limit: 1000 }));
  // Every nonce twice, once per pool: each must succeed exactly once.
  const results = await Promise.all(nonces.flatMap((u) => [recordUsage(sql, u), recordUsage(other, { ...u })]));
  for (let i = 0; i < nonces.length; i++) {
    const pair = [results[2 * i]!.outcome, results[2 * i + 1]!.outcome].sort();
    t.same(pair, ['fresh', 'replayed'], `nonce ${i}`);
  }
  const counts = results.flatMap((r) => (r.outcome === 'fresh' ? [1000 - r.rate.remaining] : [])).sort((x, y) => x - y);
  t.same(counts, Array.from({ length: 40 }, (_, i) => i + 1), 'counts 1…40, none twice');
});

t.test('a database error fails every call of the batch', async (t) => {
  const broken = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  const calls = Array.from({ length: 5 }, () => recordUsage(broken, input(credentialId())));
  await broken.end();
  const settled = await Promise.allSettled(calls);
  t.same(settled.map((s) => s.status), Array<string>(5).fill('rejected'));
  const codes = new Set(settled.map((s) => (s as PromiseRejectedResult).reason?.code));
  t.equal(codes.size, 1, `one error for the batch: ${[...codes].join(', ')}`);
});
