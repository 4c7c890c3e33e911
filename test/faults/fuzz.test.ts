// At least 5 000 hostile requests over every row of the router table: no answer >= 500, every
// answer problem+json with its request id (or a valid 2xx), the service healthy after, and the
// database changed by the accepted requests only. On the file's own cluster, so that the whole
// database can be compared. FUZZ_SEED replays a run.
import http from 'node:http';
import t from 'tap';
import * as v from 'valibot';
import { catalog } from '../../src/errors.js';
import { toJsonSchema } from '../../src/openapi/json-schema.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { signRequest } from '../../src/signing/client.js';
import { privateCluster } from '../support/cluster.js';
import { createClub, createFederation, createTeam, openSeasonOf, ownedIds, type Tenant } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { snapshot, unexplained } from './database-diff.js';
import { bodyText, pathParam, queryText, repeatedBody, rng, writeHeaders, type Ids, type Rand } from './hostile.js';

const perOperation = Math.ceil(5000 / operations.length);
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const cluster = await privateCluster(t);
// A deadline a busy machine cannot reach: a 503 here would be the machine's load, not a fault.
const service = await startService(t, { DB_DEADLINE_MS: '30000' }, undefined, { databaseUrl: cluster.url, poolMax: 10, poolLimits: true });
const federation = await createFederation(service, { rateLimit: 1_000_000 });
const club = await createClub(service, federation, { rateLimit: 1_000_000 });
const callers = { club, federation, any: club };
// Another club of the same federation and another federation: whose ids must stay out of reach.
const others = { club: await createClub(service, federation), federation: await createFederation(service) };

// A federation has one open season: the factories that would open another reuse it here.
const maker: typeof ownedIds = {
  ...ownedIds,
  season_id: (service, owner) => openSeasonOf(service, owner.federationId),
  team_id: async (service, owner) => createTeam(service, owner, { season_id: await openSeasonOf(service, owner.federationId) }),
};

/** An id of each path parameter's resource that `owner` holds, made by the factories. */
async function idsHeldBy(owner: Tenant): Promise<Map<string, string[]>> {
  const names = new Set(operations.filter((op) => op.kind === owner.kind).flatMap((op) => pathNames(op.path)));
  const held = new Map<string, string[]>();
  for (const name of names) held.set(name, maker[name] ? [await maker[name](service, owner)] : ['1']);
  return held;
}
const own = { club: await idsHeldBy(club), federation: await idsHeldBy(federation) };
const foreign = { club: await idsHeldBy(others.club), federation: await idsHeldBy(others.federation) };
const idsOf = (kind: 'club' | 'federation'): Ids => (name) => own[kind].get(name) ?? [...own[kind].values()].flat();
const cursors = [
  (await club.call('GET', '/v1/club/members?limit=1')).body.meta.next_cursor,
  (await others.club.call('GET', '/v1/club/teams?limit=1')).body.meta.next_cursor,
].filter(Boolean);

interface Answer { op: string; status: number; contentType: string; requestId: string; body: string; method: string; replayed: boolean; repeated?: boolean }

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
function send(method: string, target: string, headers: Record<string, string>, body?: string | Buffer): Promise<Omit<Answer, 'op'>> {
  // node:http frames no body of a GET or DELETE by itself: unframed, it would be read as the next request.
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve) => {
    const req = http.request(new URL(target, service.url), { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        method, status: res.statusCode!, contentType: String(res.headers['content-type']), requestId: String(res.headers['x-request-id']),
        body: Buffer.concat(chunks).toString('utf8'), replayed: res.headers['idempotent-replayed'] === 'true',
      }));
    });
    req.on('error', (e) => resolve({ method, status: 0, contentType: '', requestId: '', body: String(e), replayed: false }));
    req.end(body);
  });
}

function hostileRequest(r: Rand, op: Operation): Promise<Omit<Answer, 'op'>> {
  const kind = op.kind === 'federation' ? 'federation' : 'club';
  const path = op.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => pathParam(r, idsOf(kind)(name), foreign[kind].get(name) ?? ['1']));
  const url = new URL(path + queryText(r, op.query && toJsonSchema(op.query), cursors, idsOf(kind)), service.url);
  const method = r.chance(0.03) ? r.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) : op.method;
  const withBody = method !== 'GET' && method !== 'DELETE' ? r.chance(0.95) : r.chance(0.05);
  const example = op.body && (v.getExamples(op.body) as Record<string, unknown>[] | undefined)?.[0];
  const repeated = withBody && op.body !== undefined && r.chance(0.1);
  const body = !withBody ? undefined : repeated
    ? repeatedBody(r, toJsonSchema(op.body!), idsOf(kind), example)
    : bodyText(r, op.body && toJsonSchema(op.body), idsOf(kind), example);
  let headers: Record<string, string> = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...writeHeaders(r) };
  if (!r.chance(0.03)) headers = signRequest({ method, url, headers, body, key: callers[op.kind].key });
  if (r.chance(0.02)) headers['x-request-id'] = r.pick(['mine-1', 'x'.repeat(100), '../x']);
  return send(method, url.pathname + url.search, headers, body).then((answer) => ({ ...answer, repeated }));
}

t.test(`${perOperation * operations.length} hostile requests over all ${operations.length} operations (seed ${seed})`, async (t) => {
  const before = await snapshot(service.sql);
  // Each request draws from its own generator, so a seed makes the same requests in any order.
  const plan = operations.flatMap((op) => Array.from({ length: perOperation }, () => op)).map((op, i) => ({ op, r: rng(seed + i * 7919) }));
  const answers: Answer[] = [];
  await Promise.all(Array.from({ length: 8 }, async () => {
    for (let next = plan.pop(); next; next = plan.pop()) answers.push({ op: next.op.id, ...(await hostileRequest(next.r, next.op)) });
  }));

  const failed = (label: string, list: Answer[]) => t.same(list.slice(0, 5).map((a) => `${a.op} ${a.method} ${a.status} ${a.body.slice(0, 200)}`), [], label);
  failed('no answer >= 500 and no broken connection', answers.filter((a) => a.status >= 500 || a.status === 0));
  const problems = answers.filter((a) => a.status >= 400);
  // A replay under an Idempotency-Key carries the first answer's body, request_id included.
  failed('every refusal is problem+json with its request id', problems.filter((a) => {
    const p = JSON.parse(a.body);
    return a.contentType !== 'application/problem+json' || (p.request_id !== a.requestId && !a.replayed) || !(p.code in catalog) || p.status !== a.status;
  }));
  const envelope = (a: Answer) => (a.status === 304 ? a.body === '' : a.contentType === 'application/json' && 'data' in JSON.parse(a.body));
  failed('every success is a JSON envelope (or a bodiless 304)', answers.filter((a) => a.status < 400 && !envelope(a)));
  // A refusal names the caller's scope: never "in the club" to a federation, never "in the federation" to a club.
  const kindOf = new Map(operations.map((op) => [op.id, op.kind]));
  const wrongScope = { club: 'in the federation', federation: 'in the club' } as Record<string, string>;
  failed('every refusal\'s wording names the caller\'s scope', problems.filter((a) => {
    const words = wrongScope[kindOf.get(a.op)!];
    const p = JSON.parse(a.body);
    return words !== undefined && [p.detail, ...(p.errors ?? []).map((e: { message: string }) => e.message)].some((text) => String(text).includes(words));
  }));
  const scoped = problems.filter((a) => / in the (club|federation)\b/.test(a.body));
  t.ok(scoped.length > 0, `${scoped.length} refusals name a scope`);
  const repeated = answers.filter((a) => a.repeated);
  failed('a body naming a member twice is never accepted and never reaches validation', repeated.filter((a) => a.status < 400 || a.status === 422));
  const refusedAsRepeated = repeated.filter((a) => a.status === 400 && JSON.parse(a.body).code === 'invalid_request' && /twice/.test(JSON.parse(a.body).detail));
  t.ok(refusedAsRepeated.length > repeated.length / 2, `${refusedAsRepeated.length} of ${repeated.length} bodies naming a member twice answered 400 invalid_request`);
  failed('no well-formed body reaches Postgres with a value it cannot store', answers.filter((a) => a.status === 400 && /database cannot store/.test(a.body)));
  const byOp = new Map(operations.map((op) => [op.id, answers.filter((a) => a.op === op.id)]));
  t.same([...byOp].filter(([, list]) => list.length < perOperation).map(([id]) => id), [], `${perOperation} requests for every operation`);
  const statuses = [...new Set(answers.map((a) => a.status))].sort();
  t.comment(`statuses: ${statuses.map((s) => `${s}×${answers.filter((a) => a.status === s).length}`).join(' ')}`);

  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the service answers after');
  t.equal((await fetch(`${service.url}/health`)).status, 200, 'and is healthy');
  const accepted = new Set(answers.filter((a) => a.status < 300 && a.method !== 'GET').map((a) => a.requestId));
  t.comment(`${accepted.size} writes accepted`);
  t.same(unexplained(before, await snapshot(service.sql), accepted), [], 'the database changed by accepted requests only');
});

t.teardown(() => agent.destroy());
