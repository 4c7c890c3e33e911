// club.plans.update: a merge patch of the club's plan, status included; bad patches 422, a stale
// If-Match 412, another club's plan 404, none changing the plan.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createPlan, createSeason, newClub } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const { sql } = service;

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
  const other = await newClub(service, club.federationId);
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
