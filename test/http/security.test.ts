// One walk over every row of the router table: security is declared in the row and enforced by
// the pipeline, so every operation must refuse the unsigned, the other kind and the wrong scope;
// and every resource's visibility rule must hide other workspaces' rows.
import t from 'tap';
import * as v from 'valibot';
import { grantableScopes } from '../../src/auth/scopes.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { idMembers, placesIn, pointer, setAt, type IdMember } from '../support/body-ids.js';
import { request, startService } from '../support/harness.js';
import { clubTenantOf, createClub, createFederation, inState, ownedIds, type Tenant } from '../support/factories.js';

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
type RoutedOperation = Operation & { kind: 'club' | 'federation' };
const routed = operations.filter((o): o is RoutedOperation => o.kind !== 'any');

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

/** The body schema's id members at any depth, optional ones included (test/support/body-ids.ts). */
const bodyIds = (op: Operation): IdMember[] => (op.body ? idMembers(op.body) : []);

/** Where the contract's rule says 404 for a body id, which wins over 422 (domain.md, Sanction: "404 otherwise"). */
const bodyIdsAre404 = new Set(['federation.sanctions.create']);

/** What the example must change for an id it leaves out to be valid: a plan's invoice has no lines, a person's sanction no club. */
const exampleFor: Record<string, object> = {
  'club.invoices.create /plan_id': { lines: undefined, currency: undefined },
  'federation.sanctions.create /person_id': { subject_type: 'person', club_id: undefined },
};

/** Every member of an example that names an id, at any depth, as a pointer with `*` for array elements. */
const exampleIds = (value: unknown, at = ''): string[] =>
  Array.isArray(value) ? [...new Set(value.flatMap((item) => exampleIds(item, `${at}/*`)))]
    : value && typeof value === 'object' ? Object.entries(value).flatMap(([k, inner]) => [...(k.endsWith('_id') ? [`${at}/${k}`] : []), ...exampleIds(inner, `${at}/${k}`)])
      : [];

/** The example body, changed by `change`, with the caller's own ids in every id member it holds; each array element its own. */
async function ownBody(op: RoutedOperation, own: Record<string, string>, change: object = {}): Promise<object> {
  let body = { ...(acceptedBody(op) as object), ...change };
  for (const m of bodyIds(op)) {
    for (const [i, place] of placesIn(body, m.at).entries()) {
      body = setAt(body, place, i === 0 ? own[m.name]! : (await idsOf(caller[op.kind], [m.name]))![m.name]!);
    }
  }
  return body;
}

/** The change rows of every workspace of the two federations (other test files write beside this one): a refused write records none. */
const changeCount = async () => (await service.sql<{ n: number }[]>`
  select count(*)::int as n from changes where workspace_id in (
    select id from workspaces where id in (${home.id}, ${stranger.id}) or federation_id in (${home.id}, ${stranger.id}))`)[0]!.n;

t.test('every id in a body, at any depth: ids of another club of the federation, of the federation, of another federation are 422 naming the member', async (t) => {
  const declared = operations.flatMap((op) => bodyIds(op).map((m) => ({ op, m })));
  for (const op of operations) {
    const schema = bodyIds(op).map((m) => pointer(m.at));
    for (const at of exampleIds(acceptedBody(op))) t.ok(schema.includes(at), `${op.id}: the schema walk finds the example's ${at}`);
  }
  let walked = 0;
  for (const op of routed) {
    const members = bodyIds(op);
    if (members.length === 0) continue;
    const names = [...new Set(members.map((m) => m.name))];
    const own = await idsOf(caller[op.kind], [...new Set([...pathNames(op.path), ...names])]);
    if (!own) {
      t.fail(`${op.id}: no factory for one of ${names.join(', ')} in test/support/factories ownedIds`);
      continue;
    }
    if (op.id === 'club.entries.create') {
      const federationId = caller.club.federationId;
      const [competition] = await service.sql<{ season_id: string }[]>`
        select season_id from competitions where federation_id = ${federationId} and id = ${own.competition_id!}`;
      await service.sql`update teams set season_id = ${competition!.season_id} where federation_id = ${federationId} and id = ${own.team_id!}`;
    }
    // Only a draft moves to another season (domain.md); an open one answers 409 before reading the id.
    if (op.id === 'federation.competitions.update') own.competition_id = await inState.competition!(service, caller.federation, 'draft');
    for (const member of members) {
      const body = await ownBody(op, own, exampleFor[`${op.id} ${pointer(member.at)}`]);
      const place = placesIn(body, member.at).at(-1) ?? member.at;
      for (const who of intrudersFor(op.kind, [member.name])) {
        const id = (await idsOf(owners[who], [member.name]))![member.name]!;
        remember(op.kind, member.name, id);
        const changes = await changeCount();
        const res = await caller[op.kind].call(op.method, fill(op.path, own), setAt(body, place, id));
        const what = `${op.id}: ${pointer(place)} of the ${who}`;
        t.equal(await changeCount(), changes, `${what} changes nothing`);
        if (bodyIdsAre404.has(op.id)) {
          t.equal(res.status, 404, what);
          t.equal(res.body?.code, 'not_found', what);
          t.match(res.body?.detail, 'in the federation', `${op.id}: the detail names the caller's scope`);
          continue;
        }
        t.equal(res.status, 422, what);
        t.equal(res.body?.code, 'validation_failed', what);
        t.same(res.body?.errors?.map((e: { path: string }) => e.path), [pointer(place)], `${op.id}: names ${pointer(place)}`);
      }
      walked++;
    }
  }
  t.equal(walked, declared.length, `every one of the ${declared.length} id members the body schemas declare, ${declared.filter(({ m }) => m.at.includes('*')).length} of them in arrays`);
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
      // A row's own `id` names the listed resource; a nested one (a person's licenses) another.
      const row = resource && (res.body.data as unknown[]).includes(object);
      const name = key === 'resource_id' ? `${object.resource_type}_id` : key === 'id' && row ? `${resource}_id` : key;
      if (foreign[op.kind].get(name)?.has(value)) t.fail(`${op.id}: ${key} ${value} is another workspace's ${name}`);
    }
  }
  t.equal(checked, views.length, 'every view answered 200 with the caller\'s own ids');
});
