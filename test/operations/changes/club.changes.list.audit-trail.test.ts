// The feeds' audit trail: a feed row shows key_id and request_id only when a credential of the
// feed's own workspace made the change, and null otherwise. Writes through a club, another club of
// the same federation and the federation, each change reaching feeds of other workspaces, then
// reads all three feeds field by field.
import t from 'tap';
import { createCategory, createClub, createCompetition, createEntry, createFederation, createMember, createSeason, type Tenant } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';

const service = await startService(t);
const federation = await createFederation(service);
const club = await createClub(service, federation);
const other = await createClub(service, federation);
const feeds = { club, other, federation };
type Name = keyof typeof feeds;

interface Row { id: string; resource_type: string; resource_id: string; action: string; key_id: string | null; request_id: string | null }
const feed = async (tenant: Tenant): Promise<Row[]> => (await walkPages<Row>(tenant, `/v1/${tenant.kind}/changes?limit=100`)).rows;

/** Makes one write as `actor` and returns, per feed, the rows it added, with the write's request id. */
async function step(actor: Name, method: string, path: string, body: unknown = {}, headers: Record<string, string> = {}) {
  const before = Object.fromEntries(await Promise.all(Object.entries(feeds).map(async ([name, tenant]) => [name, (await feed(tenant)).length])));
  const res = await feeds[actor].call(method, path, body, { headers });
  if (res.status >= 300) throw new Error(`${actor} ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  const added = {} as Record<Name, Row[]>;
  for (const [name, tenant] of Object.entries(feeds) as [Name, Tenant][]) added[name] = (await feed(tenant)).slice(before[name]);
  return { actor, requestId: res.headers.get('x-request-id')!, added, data: res.body.data };
}

const season = await createSeason(service, federation.id, 'open', 2031);
const category = await createCategory(service, federation.id, { code: 'SEN' });
const member = await createMember(service, club);

const steps: Awaited<ReturnType<typeof step>>[] = [];
const requested = await step('club', 'POST', '/v1/club/licenses', { member_id: member, season_id: season, category_id: category });
steps.push(requested);
const approved = await step('federation', 'POST', `/v1/federation/licenses/${requested.data.id}/approve`, {}, { 'if-match': '"1"' });
steps.push(approved);
steps.push(await step('other', 'POST', '/v1/club/transfers', { license_number: approved.data.number }));
steps.push(await step('federation', 'POST', '/v1/federation/seasons', { name: '2032', starts_on: '2032-01-01', ends_on: '2032-12-31' }));
// Fixtures: their matches' feed rows are a change set that Postgres selects (one a derby of `club`).
const competition = await createCompetition(service, federation.id, { status: 'closed', legs: 1, starts_on: '2031-03-01' });
for (const entrant of [club, other, club]) await createEntry(service, entrant, competition, { status: 'accepted' });
steps.push(await step('federation', 'POST', `/v1/federation/competitions/${competition}/fixtures`));

t.test('every write reached the feeds of other workspaces (the test is not vacuous)', async (t) => {
  t.same(steps.map((s) => (Object.keys(feeds) as Name[]).filter((name) => s.added[name].length > 0)),
    [['club', 'federation'], ['club', 'federation'], ['club', 'other', 'federation'], ['club', 'other', 'federation'], ['club', 'other', 'federation']]);
  const fixtures = steps.at(-1)!.added;
  t.same(fixtures.federation.map((r) => `${r.resource_type}:${r.action}`), ['competition:scheduled', 'match:created', 'match:created', 'match:created'],
    'the competition first, then its three matches, in the order they were made');
  t.equal(fixtures.club.filter((r) => r.resource_type === 'match').length, 3, 'the club plays all three, its derby once');
  t.equal(fixtures.other.filter((r) => r.resource_type === 'match').length, 2);
});

t.test('each feed shows its own credential and request ids, and null for every other workspace\'s write', async (t) => {
  for (const s of steps) {
    for (const name of Object.keys(feeds) as Name[]) {
      const mine = name === s.actor;
      for (const row of s.added[name]) {
        const what = `${name}'s feed, ${row.resource_type}:${row.action} by ${s.actor}`;
        t.equal(row.key_id, mine ? feeds[s.actor].keyId : null, `${what}: key_id`);
        t.equal(row.request_id, mine ? s.requestId : null, `${what}: request_id`);
      }
    }
  }
});
