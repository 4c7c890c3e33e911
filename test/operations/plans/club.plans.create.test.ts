// club.plans.create: a new active plan of the club; bad plans 422 and nothing created.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createSeason, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const { sql } = service;

async function planCount(club: Tenant): Promise<number> {
  const [row] = await sql`select count(*)::int as n from membership_plans where club_id = ${club.id}`;
  return row!.n as number;
}

t.test('create answers 201 without Location (club.plans.list shows it); money is integer minor units', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId);
  const res = await club.call('POST', '/v1/club/membership-plans', {
    name: ' Senior membership ', season_id: season, amount: 18000, currency: 'EUR', description: 'All sessions' });
  t.equal(res.status, 201);
  const plan = res.body.data;
  t.equal(res.headers.get('location'), null, 'no Location: a plan has no GET of its own; club.plans.list shows it');
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
