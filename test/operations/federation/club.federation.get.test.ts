import t from 'tap';
import { startService } from '../../support/harness.js';
import { createCategory, createClub, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);

t.test('GET /v1/club/federation answers the federation, its seasons and categories only', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const elsewhere = await createFederation(service);
  const later = await createSeason(service, federation.id, 'planned', 2091);
  const open = await createSeason(service, federation.id, 'open', 2090);
  await createSeason(service, elsewhere.id, 'open', 2090);
  const u18 = { id: await createCategory(service, federation.id, { code: 'U18', name: 'Under 18', max_age: 17 }) };
  const sen = { id: await createCategory(service, federation.id, { code: 'SENIOR', name: 'Senior', min_age: 18, status: 'retired' }) };
  await createCategory(service, elsewhere.id, { code: 'OTHER', name: 'Other' });

  const res = await club.call('GET', '/v1/club/federation');
  t.equal(res.status, 200);
  const d = res.body.data;
  t.equal(d.id, federation.id);
  t.match(d.name, /^Federation [0-9a-f]{8}$/);
  t.equal(d.country, 'NL');
  const strip = (rows: any[]) => rows.map(({ created_at, updated_at, ...rest }) => {
    t.match(created_at, /Z$/);
    t.match(updated_at, /Z$/);
    return rest;
  });
  t.same(strip(d.seasons), [
    { id: open, name: 'Season 2090', starts_on: '2090-01-01', ends_on: '2090-12-31', status: 'open', version: 1 },
    { id: later, name: 'Season 2091', starts_on: '2091-01-01', ends_on: '2091-12-31', status: 'planned', version: 1 },
  ]);
  t.same(strip(d.license_categories), [
    { id: sen.id, code: 'SENIOR', name: 'Senior', min_age: 18, max_age: null, status: 'retired', version: 1 },
    { id: u18.id, code: 'U18', name: 'Under 18', min_age: null, max_age: 17, status: 'active', version: 1 },
  ]);
  t.same(Object.keys(d).sort(), ['country', 'id', 'license_categories', 'name', 'seasons']);
});

t.test('a federation without seasons or categories answers empty lists', async (t) => {
  const club = await createClub(service);
  const res = await club.call('GET', '/v1/club/federation');
  t.equal(res.status, 200);
  t.same(res.body.data.seasons, []);
  t.same(res.body.data.license_categories, []);
  t.equal((await club.call('GET', '/v1/club/federation?x=1')).body.code, 'invalid_query');
});
