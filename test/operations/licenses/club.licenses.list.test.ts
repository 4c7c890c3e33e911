// club.licenses.list: the club's own licenses by id, with every filter.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createCategory, createClub, createFederation, createLicense, createSeason } from '../../support/factories.js';

const service = await startService(t);

t.test('list: the club\'s own licenses by id, with every filter; another club\'s never appear', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = await createSeason(service, federation.id, 'open', 2030);
  const category = await createCategory(service, federation.id, { code: 'U14', min_age: 12, max_age: 13 });
  const neighbour = await createClub(service, federation);
  const theirs = await createLicense(service, neighbour.id, { season_id: season, category_id: category });
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await createLicense(service, club.id, { season_id: season, category_id: category }));
  const approved = await createLicense(service, club.id, { status: 'approved', season_id: season });
  const all = await walkPages(club, '/v1/club/licenses?limit=2');
  t.same(all.ids, [...ids, approved]);
  t.equal(all.pages, 3);
  t.notOk(all.ids.includes(theirs));
  t.same((await walkPages(club, '/v1/club/licenses?status=approved')).ids, [approved]);
  t.same((await walkPages(club, `/v1/club/licenses?category_id=${category}`)).ids, ids);
  t.same((await walkPages(club, `/v1/club/licenses?season_id=${season}&status=requested`)).ids, ids);
  const [one] = (await walkPages<any>(club, '/v1/club/licenses')).rows;
  t.same((await walkPages(club, `/v1/club/licenses?member_id=${one.member_id}`)).ids, [one.id]);
  const withdrawn = await club.call('POST', `/v1/club/licenses/${ids[2]}/withdraw`);
  const since = new Date(Date.parse(withdrawn.body.data.updated_at)).toISOString();
  t.same((await walkPages(club, `/v1/club/licenses?updated_since=${since}`)).ids, [ids[2]]);
  t.equal((await club.call('GET', '/v1/club/licenses?status=lost')).body.code, 'invalid_query');
});

t.test('season_id: the season\'s licenses by id, page after page, with the other season\'s in between', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const [older, newer] = [await createSeason(service, federation.id, 'closed', 2029), await createSeason(service, federation.id, 'open', 2030)];
  const bySeason: Record<string, string[]> = { [older]: [], [newer]: [] };
  const approved: string[] = [];
  for (let i = 0; i < 6; i++) {
    const season = i % 3 === 0 ? older : newer;
    const id = await createLicense(service, club.id, { season_id: season, status: i % 2 ? 'approved' : 'requested' });
    bySeason[season]!.push(id);
    if (i % 2) approved.push(id);
  }
  for (const season of [older, newer]) {
    t.same((await walkPages(club, `/v1/club/licenses?season_id=${season}&limit=2`)).ids, bySeason[season], `season ${season}: its licenses, in id order`);
    t.same((await walkPages(federation, `/v1/federation/licenses?season_id=${season}&club_id=${club.id}&limit=1`)).ids, bySeason[season],
      'the federation\'s list, with the club, too');
  }
  t.same((await walkPages(club, `/v1/club/licenses?season_id=${newer}&status=approved&limit=1`)).ids,
    bySeason[newer]!.filter((id) => approved.includes(id)), 'with a status too');
});
