// One walk over every row of the router table: security is declared in the row and enforced by
// the pipeline, so every operation must refuse the unsigned, the other kind and the wrong scope;
// and every resource's visibility rule must hide other workspaces' rows.
import t from 'tap';
import * as v from 'valibot';
import { grantableScopes } from '../../src/auth/scopes.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { request, startService } from '../support/harness.js';
import { clubTenantOf, createClub, createFederation, ownedIds, type Tenant } from '../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service, { scopes: ['federation:profile:read'] });
const club = await createClub(service, federation, { scopes: ['club:profile:read'] });
const tenants = { club, federation };
const otherScope = { club: 'club:changes:read', federation: 'federation:changes:read' } as const;
const narrow = {
  club: await createClub(service, federation, { scopes: [otherScope.club] }),
  federation: await createFederation(service, { scopes: [otherScope.federation] }),
};

const concrete = (path: string) => path.replace(/\{[a-z_]+\}/g, '1');
const bodyFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

t.test('every row: unsigned 401, other kind 404, missing scope 403', async (t) => {
  t.equal(operations.length, 95, 'the contract\'s 95 operations');
  for (const op of operations) {
    const path = concrete(op.path);
    const body = bodyFor(op.method);
    const unsigned = await request(service.url, op.method, path, { body });
    t.equal(unsigned.body?.code, 'signature_required', `${op.id}: unsigned`);
    if (op.kind !== 'any') {
      const other = op.kind === 'club' ? tenants.federation : tenants.club;
      const res = await other.call(op.method, path, body);
      t.equal(res.status, 404, `${op.id}: other kind`);
      t.equal(res.body.code, 'not_found', `${op.id}: other kind`);
    }
    if (op.scope && op.kind !== 'any') {
      const caller = op.scope === otherScope[op.kind] ? tenants[op.kind] : narrow[op.kind];
      const res = await caller.call(op.method, path, body);
      t.equal(res.status, 403, `${op.id}: without ${op.scope}`);
      t.equal(res.body.code, 'insufficient_scope', op.id);
      t.match(res.body.detail, op.scope, op.id);
    }
    if (op.scope) t.ok(grantableScopes(op.kind === 'any' ? 'club' : op.kind).includes(op.scope), `${op.id}: scope is grantable`);
  }
});

/** A body the operation accepts, so that what answers is the handler, not validation. */
const acceptedBody = (op: Operation) =>
  op.method === 'GET' || op.method === 'DELETE' ? undefined : (op.body ? (v.getExamples(op.body) as unknown[] | undefined)?.[0] : undefined) ?? {};

/** What a federation holds and shares with its clubs: on a club route, only another federation's are foreign. */
const federationHeld = new Set(['club_id', 'season_id', 'category_id', 'competition_id', 'official_id', 'person_id', 'sanction_id']);

// The caller's neighbourhood: a club of the caller's own federation, that federation, another federation.
const home = await createFederation(service);
const caller = { club: await createClub(service, home), federation: home } as const;
const sibling = await createClub(service, home);
const stranger = await createFederation(service);
const owners = { sibling, federation: home, stranger } as const;
type OwnerName = keyof typeof owners;

/** Who holds rows the caller of `kind` may not see, for ids named `names`. */
const intrudersFor = (kind: 'club' | 'federation', names: string[]): OwnerName[] =>
  kind === 'federation' || names.some((n) => federationHeld.has(n)) ? ['stranger'] : ['sibling', 'federation', 'stranger'];

/** Ids the walk made for holders the caller of each kind may not see, by parameter name: no 2xx answer may carry one. */
const foreign = { club: new Map<string, Set<string>>(), federation: new Map<string, Set<string>>() };
const remember = (kind: 'club' | 'federation', name: string, id: string) => {
  const ids = foreign[kind].get(name) ?? new Set<string>();
  foreign[kind].set(name, ids.add(id));
};

/** Ids of `owner` for each of `names`; a club-held id of a federation comes from one of its clubs. */
async function idsOf(owner: Tenant, names: string[]): Promise<Record<string, string> | undefined> {
  const holder = owner.kind === 'federation' && names.some((n) => !federationHeld.has(n)) ? await clubTenantOf(service, owner) : owner;
  const ids: Record<string, string> = {};
  for (const name of names) {
    const make = ownedIds[name];
    if (!make) return undefined;
    ids[name] = await make(service, holder);
  }
  return ids;
}

const fill = (path: string, ids: Record<string, string>) => path.replace(/\{([a-z_]+)\}/g, (_, name: string) => ids[name]!);
const routed = operations.filter((o): o is Operation & { kind: 'club' | 'federation' } => o.kind !== 'any');

t.test('every id-bearing row: ids of another club of the federation, of the federation, of another federation are 404', async (t) => {
  const idRows = routed.filter((o) => o.path.includes('{'));
  t.equal(idRows.length, operations.filter((o) => pathNames(o.path).length > 0).length, 'every row with a path id is a club or federation route');
  let walked = 0;
  for (const op of idRows) {
    const names = pathNames(op.path);
    const missing = names.filter((n) => !ownedIds[n]);
    if (missing.length) {
      t.fail(`${op.id}: no factory for ${missing.map((n) => `{${n}}`).join(', ')} in test/support/factories ownedIds`);
      continue;
    }
    for (const who of intrudersFor(op.kind, names)) {
      const ids = (await idsOf(owners[who], names))!;
      for (const [name, id] of Object.entries(ids)) remember(op.kind, name, id);
      const res = await caller[op.kind].call(op.method, fill(op.path, ids), acceptedBody(op));
      t.equal(res.status, 404, `${op.id}: ids of the ${who}`);
      t.equal(res.body?.code, 'not_found', `${op.id}: ids of the ${who}`);
      t.notMatch(res.body?.detail, op.kind === 'club' ? 'in the federation' : 'in the club', `${op.id}: the detail names the caller's scope`);
    }
    walked++;
  }
  t.equal(walked, idRows.length, 'every id-bearing row walked');
});

/** The example body's id members that name a resource, replaced one at a time by a foreign id. */
const bodyIdNames = (op: Operation) => Object.keys((acceptedBody(op) as Record<string, unknown> | undefined) ?? {}).filter((k) => k.endsWith('_id'));

/** Where the contract's rule says 404 for a body id, which wins over 422 (domain.md, Sanction: "404 otherwise"). */
const bodyIdsAre404 = new Set(['federation.sanctions.create']);

t.test('every id in a body: ids of another club of the federation, of the federation, of another federation are 422 naming the member', async (t) => {
  const rows = routed.filter((o) => bodyIdNames(o).length > 0);
  t.ok(rows.length > 0);
  for (const op of rows) {
    const names = bodyIdNames(op);
    const own = await idsOf(caller[op.kind], [...new Set([...pathNames(op.path), ...names])]);
    if (!own) {
      t.fail(`${op.id}: no factory for one of ${names.join(', ')} in test/support/factories ownedIds`);
      continue;
    }
    if (op.id === 'club.entries.create') await service.sql`update teams set season_id = (select season_id from competitions where id = ${own.competition_id!}) where id = ${own.team_id!}`;
    for (const name of names) {
      for (const who of intrudersFor(op.kind, [name])) {
        const id = (await idsOf(owners[who], [name]))![name]!;
        remember(op.kind, name, id);
        const body = { ...(acceptedBody(op) as object), ...Object.fromEntries(names.map((n) => [n, own[n]])), [name]: id };
        const res = await caller[op.kind].call(op.method, fill(op.path, own), body);
        if (bodyIdsAre404.has(op.id)) {
          t.equal(res.status, 404, `${op.id}: /${name} of the ${who}`);
          t.match(res.body?.detail, 'in the federation', `${op.id}: the detail names the caller's scope`);
          continue;
        }
        t.equal(res.status, 422, `${op.id}: /${name} of the ${who}`);
        t.equal(res.body?.code, 'validation_failed', `${op.id}: /${name} of the ${who}`);
        t.same(res.body?.errors?.map((e: { path: string }) => e.path), [`/${name}`], `${op.id}: names /${name}`);
      }
    }
  }
});

/** Every string a JSON answer carries under `key` (at any depth), with the keys beside it. */
function* members(value: unknown, parent?: Record<string, unknown>): Generator<[string, unknown, Record<string, unknown>]> {
  if (Array.isArray(value)) for (const item of value) yield* members(item, parent);
  else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    for (const [key, inner] of Object.entries(object)) {
      yield [key, inner, object];
      yield* members(inner, object);
    }
  }
}

t.test('every view of every list, feed, standings, fixtures and person carries no id, key_id or request_id of another workspace', async (t) => {
  // Writes through the API by every neighbour, so the feeds hold their credentials and request ids.
  const writes: [Tenant, string, unknown][] = [
    [sibling, '/v1/club/members', { first_name: 'Sibling', last_name: 'Member', birth_date: '2010-01-01', gender: 'female' }],
    [home, '/v1/federation/officials', { first_name: 'Home', last_name: 'Official', grade: 'National' }],
    [await createClub(service, stranger), '/v1/club/members', { first_name: 'Stranger', last_name: 'Member', birth_date: '2010-01-01', gender: 'male' }],
    [stranger, '/v1/federation/officials', { first_name: 'Stranger', last_name: 'Official', grade: 'National' }],
  ];
  const secrets = { club: new Set<string>(), federation: new Set<string>() };
  for (const [writer, path, body] of writes) {
    const res = await writer.call('POST', path, body);
    t.equal(res.status, 201, `${writer.kind} writes ${path}`);
    const requestId = res.headers.get('x-request-id')!;
    for (const kind of ['club', 'federation'] as const) {
      if (writer.id === caller[kind].id) continue;
      secrets[kind].add(writer.keyId).add(requestId);
      if (writer.federationId !== home.id || path.endsWith('members')) remember(kind, path.endsWith('members') ? 'member_id' : 'official_id', res.body.data.id);
    }
  }
  // A row of the caller's own in each resource, so the views are not empty.
  await caller.club.call('POST', '/v1/club/members', { first_name: 'Own', last_name: 'Member', birth_date: '2010-01-01', gender: 'male' });
  const views = routed.filter((o) => o.method === 'GET');
  let checked = 0;
  for (const op of views) {
    const ids = await idsOf(caller[op.kind], pathNames(op.path));
    if (!ids) continue;
    const res = await caller[op.kind].call('GET', fill(op.path, ids));
    if (res.status !== 200) continue;
    checked++;
    const text = JSON.stringify(res.body);
    for (const secret of secrets[op.kind]) t.notOk(text.includes(`"${secret}"`), `${op.id}: carries ${secret}`);
    const resource = op.list ? op.path.split('/').pop()!.replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '') : undefined;
    for (const [key, value, object] of members(res.body.data)) {
      if (typeof value !== 'string') continue;
      const name = key === 'resource_id' ? `${object.resource_type}_id` : key === 'id' && resource ? `${resource}_id` : key;
      if (foreign[op.kind].get(name)?.has(value)) t.fail(`${op.id}: ${key} ${value} is another workspace's ${name}`);
    }
  }
  t.equal(checked, views.length, 'every view answered 200 with the caller\'s own ids');
});
