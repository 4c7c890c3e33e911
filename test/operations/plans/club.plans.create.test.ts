import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createPlan, createSeason, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const { sql } = service;

async function planCount(club: Tenant): Promise<number> {
  const [row] = await sql`select count(*)::int as n from membership_plans where club_id = ${club.id}`;
  return row!.n as number;
}

t.test('create answers 201 with Location; money is integer minor units', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId);
  const res = await club.call('POST', '/v1/club/membership-plans', {
    name: ' Senior membership ', season_id: season, amount: 18000, currency: 'EUR', description: 'All sessions' });
  t.equal(res.status, 201);
  const plan = res.body.data;
  t.equal(res.headers.get('location'), `/v1/club/membership-plans/${plan.id}`);
  t.same(Object.keys(plan).sort(), ['amount', 'created_at', 'currency', 'description', 'id', 'name', 'season_id', 'status', 'updated_at', 'version']);
  t.match(plan, { name: 'Senior membership', season_id: season, amount: 18000, currency: 'EUR', description: 'All sessions', status: 'active', version: 1 });
  const bare = await club.call('POST', '/v1/club/membership-plans', { name: 'Youth', season_id: season, amount: 1, currency: 'JPY' });
  t.equal(bare.status, 201);
  t.equal(bare.body.data.description, null);
  t.same(await feedOf(club), [['plan', plan.id, 'created', 1], ['plan', bare.body.data.id, 'created', 1]]);
  const federationFeed = await feedOf(await createFederation(service));
  t.same(federationFeed, [], 'plans stay in the club\'s feed');
});

t.test('bad plans are 422 naming the field and create nothing', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId);
  const foreign = await createSeason(service, (await createFederation(service)).id);
  const valid = { name: 'Senior', season_id: season, amount: 18000, currency: 'EUR' };
  const cases: [Record<string, unknown>, string, string?][] = [
    [{ ...valid, amount: 180.5 }, '/amount', 'must be an integer number of minor units'],
    [{ ...valid, amount: '18000' }, '/amount'],
    [{ ...valid, amount: 0 }, '/amount', 'must be greater than 0'],
    [{ ...valid, amount: 1_000_000_000_001 }, '/amount'],
    [{ ...valid, currency: 'eur' }, '/currency', 'must be an ISO 4217 code'],
    [{ ...valid, currency: 'EURO' }, '/currency'],
    [{ ...valid, currency: 'ABC' }, '/currency', 'must be an ISO 4217 currency code'],
    [{ ...valid, name: '' }, '/name'],
    [{ ...valid, name: 'x'.repeat(81) }, '/name'],
    [{ ...valid, description: '' }, '/description'],
    [{ ...valid, season_id: 7 }, '/season_id'],
    [{ ...valid, status: 'retired' }, '/status', 'unknown member'],
    [{ ...valid, season_id: foreign }, '/season_id', 'no such season in the club'],
    [{ ...valid, season_id: '999999999999' }, '/season_id', 'no such season in the club'],
  ];
  for (const [body, path, message] of cases) {
    const res = await club.call('POST', '/v1/club/membership-plans', body);
    t.equal(res.status, 422, `${path}: ${JSON.stringify(body[path.slice(1)])}`);
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: { path: string }) => e.path), [path]);
    if (message) t.equal(res.body.errors[0].message, message);
  }
  t.equal(await planCount(club), 0);
  t.same(await feedOf(club), []);
});

t.test('update is a merge patch: fields change, the version moves, the feed says updated', async (t) => {
  const club = await createClub(service);
  const plan = await createPlan(service, club, { name: 'Senior', amount: 18000 });
  const next = await createSeason(service, club.federationId, 'planned');
  const path = `/v1/club/membership-plans/${plan}`;
  const res = await club.call('PATCH', path, { name: 'Senior 2027', amount: 19500, season_id: next, description: 'Indexed' }, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"2"');
  t.match(res.body.data, { name: 'Senior 2027', amount: 19500, season_id: next, description: 'Indexed', currency: 'EUR', status: 'active', version: 2 });
  const cleared = await club.call('PATCH', path, { description: null });
  t.equal(cleared.body.data.description, null);
  const same = await club.call('PATCH', path, {});
  t.equal(same.body.data.version, 3, 'an empty patch changes nothing');
  t.same((await feedOf(club)).map(([, , action, version]) => `${action}:${version}`), ['updated:2', 'updated:3']);
});

t.test('a plan retires and comes back through its status', async (t) => {
  const club = await createClub(service);
  const plan = await createPlan(service, club);
  const path = `/v1/club/membership-plans/${plan}`;
  const retired = await club.call('PATCH', path, { status: 'retired' });
  t.match(retired.body.data, { status: 'retired', version: 2 });
  const back = await club.call('PATCH', path, { status: 'active' });
  t.match(back.body.data, { status: 'active', version: 3 });
});

t.test('bad patches are 422, a stale If-Match 412, another club\'s plan 404: the plan stays as it was', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const plan = await createPlan(service, club);
  const path = `/v1/club/membership-plans/${plan}`;
  const foreignSeason = await createSeason(service, (await createFederation(service)).id);
  const cases: [Record<string, unknown>, string][] = [
    [{ status: 'deleted' }, '/status'],
    [{ amount: 10.01 }, '/amount'],
    [{ currency: 'usd' }, '/currency'],
    [{ name: null }, '/name'],
    [{ season_id: foreignSeason }, '/season_id'],
    [{ id: '5' }, '/id'],
  ];
  for (const [body, field] of cases) {
    const res = await club.call('PATCH', path, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: { path: string }) => e.path), [field]);
  }
  t.equal((await club.call('PATCH', path, { name: 'x' }, { headers: { 'if-match': '"9"' } })).status, 412);
  const foreign = await other.call('PATCH', path, { name: 'Mine now' });
  t.equal(foreign.status, 404);
  t.equal(foreign.body.code, 'not_found');
  t.equal((await club.call('PATCH', '/v1/club/membership-plans/999999999999', { name: 'x' })).status, 404);
  const [row] = await sql`select name, version from membership_plans where id = ${plan}`;
  t.same({ ...row }, { name: 'Senior membership', version: 1 });
});
