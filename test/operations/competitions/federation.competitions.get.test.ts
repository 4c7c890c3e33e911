// federation.competitions.get: one of the federation's competitions with its ETag; another federation's is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createCompetition, createFederation, createSeason, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get answers the competition as create answered it, with its ETag', async (t) => {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id);
  const c = (await federation.call('POST', '/v1/federation/competitions', { name: 'U15 League', season_id: season, starts_on: '2030-09-01' })).body.data;
  const res = await federation.call('GET', `/v1/federation/competitions/${c.id}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.same(res.body.data, c);
});

t.test('get: another federation\'s competition is 404, a club credential has no such route', async (t) => {
  const federation = await createFederation(service);
  const theirs = await createCompetition(service, (await createFederation(service)).id, { status: 'open' });
  const res = await federation.call('GET', `/v1/federation/competitions/${theirs}`);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  const own = await createCompetition(service, federation.id);
  t.equal((await (await newClub(service, federation.id)).call('GET', `/v1/federation/competitions/${own}`)).status, 404);
});
