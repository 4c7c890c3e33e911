// federation.licenses.list: the licenses of the federation's clubs, by every filter, without member ids.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createCategory, createClub, createFederation, createLicense, createSeason } from '../../support/factories.js';

const service = await startService(t);

/** A federation with one club, an open season and an open-age category. */
async function world() {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = await createSeason(service, federation.id, 'open');
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  return { federation, club, season, category };
}

t.test('list: every filter; another federation\'s licenses never appear', async (t) => {
  const { federation, club, season, category } = await world();
  const second = await createClub(service, federation);
  const other = await world();
  const foreign = await createLicense(service, other.club.id, { season_id: other.season });
  const mine = [
    await createLicense(service, club.id, { season_id: season, category_id: category }),
    await createLicense(service, second.id, { season_id: season, status: 'approved' }),
    await createLicense(service, club.id, { season_id: season, status: 'suspended' }),
  ];
  const list = async (query = '') => (await federation.call('GET', `/v1/federation/licenses?limit=100${query}`)).body.data;
  const all = await list();
  t.same(all.map((l: { id: string }) => l.id), mine);
  t.ok(all.every((l: object) => !('member_id' in l)));
  t.same((await list(`&club_id=${second.id}`)).map((l: { id: string }) => l.id), [mine[1]]);
  t.same((await list('&status=suspended')).map((l: { id: string }) => l.id), [mine[2]]);
  t.same((await list(`&category_id=${category}`)).map((l: { id: string }) => l.id), [mine[0]]);
  t.same((await list(`&season_id=${season}&status=approved`)).map((l: { id: string }) => l.id), [mine[1]]);
  const person = all[1].person_id as string;
  t.same((await list(`&person_id=${person}`)).map((l: { id: string }) => l.id), [mine[1]]);
  t.same(await list(`&season_id=${other.season}`), []);
  t.notOk(all.some((l: { id: string }) => l.id === foreign));
  t.same((await walkPages(other.federation, '/v1/federation/licenses')).ids, [foreign]);
  const bad = await federation.call('GET', '/v1/federation/licenses?status=lost');
  t.equal(bad.status, 400);
  t.equal(bad.body.code, 'invalid_query');
});
