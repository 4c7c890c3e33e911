// federation.competitions.list: the federation's own competitions by id, paged and filtered.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, createCompetition, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);

t.test('list: by id, paged, filtered by status, season and updated_since; only its own', async (t) => {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id, 'open', 2041);
  const later = await createSeason(service, federation.id, 'planned', 2042);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await createCompetition(service, federation.id, { season_id: i < 3 ? season : later, status: i % 2 ? 'open' : 'draft' }));
  await createCompetition(service, (await createFederation(service)).id);
  const all = await walkPages(federation, '/v1/federation/competitions?limit=2');
  t.same(all.ids, ids);
  t.equal(all.pages, 3);
  t.same((await walkPages(federation, '/v1/federation/competitions?status=open')).ids, [ids[1], ids[3]]);
  t.same((await walkPages(federation, `/v1/federation/competitions?season_id=${later}`)).ids, [ids[3], ids[4]]);
  await backdate(service, 'competitions', ids.slice(0, 4), '2020-01-01T00:00:00Z');
  t.same((await walkPages(federation, '/v1/federation/competitions?updated_since=2021-01-01T00:00:00Z')).ids, [ids[4]]);
  for (const q of ['status=finished', 'season_id=x', 'limit=0', 'colour=red']) {
    const res = await federation.call('GET', `/v1/federation/competitions?${q}`);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query', q);
  }
});
