import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createPlan, createSeason } from '../../support/factories.js';
import { walkPages } from '../../support/pages.js';
import { setTimeout as sleep } from 'node:timers/promises';

const service = await startService(t);

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((p) => p.id);

t.test('the club\'s plans by id, filtered by status, season and updated_since, paged by cursor', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  await createPlan(service, other);
  const seasonA = await createSeason(service, club.federationId);
  const seasonB = await createSeason(service, club.federationId, 'planned');
  const a = await createPlan(service, club, { season_id: seasonA });
  const b = await createPlan(service, club, { season_id: seasonB, status: 'retired' });
  const c = await createPlan(service, club, { season_id: seasonA, amount: 4250 });
  const all = await club.call('GET', '/v1/club/membership-plans');
  t.equal(all.status, 200);
  t.same(ids(all), [a, b, c]);
  t.equal(all.body.data[2].amount, 4250);
  t.same(ids(await club.call('GET', '/v1/club/membership-plans?status=active')), [a, c]);
  t.same(ids(await club.call('GET', '/v1/club/membership-plans?status=retired')), [b]);
  t.same(ids(await club.call('GET', `/v1/club/membership-plans?season_id=${seasonA}`)), [a, c]);
  await sleep(5);
  const since = new Date().toISOString();
  await sleep(5);
  await club.call('PATCH', `/v1/club/membership-plans/${a}`, { name: 'Renamed' });
  t.same(ids(await club.call('GET', `/v1/club/membership-plans?updated_since=${since}`)), [a]);
  const walked = await walkPages(club, '/v1/club/membership-plans?limit=2');
  t.same(walked.ids, [a, b, c]);
  t.equal(walked.pages, 2);
});

t.test('bad query parameters are 400 invalid_query', async (t) => {
  const club = await createClub(service);
  for (const query of ['status=archived', 'season_id=x', 'updated_since=2026-13-01T00:00:00Z', 'currency=EUR']) {
    const res = await club.call('GET', `/v1/club/membership-plans?${query}`);
    t.equal(res.status, 400, query);
    t.equal(res.body.code, 'invalid_query');
  }
});
