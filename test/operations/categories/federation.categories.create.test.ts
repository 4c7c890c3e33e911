// federation.categories.create: the code unique per federation (409), the age range
// in order, every club's feed told.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('create: 201 active, in the federation\'s and its clubs\' feeds; the clubs read it', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const res = await federation.call('POST', '/v1/federation/license-categories', { code: 'U14', name: 'Under 14', min_age: 12, max_age: 13 });
  t.equal(res.status, 201);
  const data = res.body.data;
  t.equal(res.headers.get('location'), null, 'no Location: a category has no GET of its own; federation.categories.list shows it');
  t.same(Object.keys(data).sort(), ['code', 'created_at', 'id', 'max_age', 'min_age', 'name', 'status', 'updated_at', 'version']);
  t.match(data, { code: 'U14', name: 'Under 14', min_age: 12, max_age: 13, status: 'active', version: 1 });
  const open = await federation.call('POST', '/v1/federation/license-categories', { code: 'SEN', name: 'Seniors' });
  t.match(open.body.data, { min_age: null, max_age: null });
  for (const tenant of [federation, club]) {
    t.same(await feedOf(tenant), [['category', data.id, 'created', 1], ['category', open.body.data.id, 'created', 1]]);
  }
  t.same((await club.call('GET', '/v1/club/federation')).body.data.license_categories.map((c: { code: string }) => c.code), ['SEN', 'U14']);
});

t.test('the code is unique in the federation (409), not across federations', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  t.equal((await federation.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' })).status, 201);
  const again = await federation.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Also under 10' });
  t.equal(again.status, 409);
  t.equal(again.body.code, 'conflict');
  t.equal(again.body.detail, 'another license category of the federation has this code');
  t.equal((await other.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' })).status, 201);
  t.equal((await walkPages(federation, '/v1/federation/license-categories')).ids.length, 1);
});

t.test('bad input is 422 and creates nothing', async (t) => {
  const federation = await createFederation(service);
  const cases: [unknown, string][] = [
    [{ code: 'u14', name: 'Lower case' }, '/code'],
    [{ code: 'A'.repeat(17), name: 'Too long' }, '/code'],
    [{ code: 'U-14', name: 'Hyphen' }, '/code'],
    [{ code: 'U14', name: '' }, '/name'],
    [{ code: 'U14', name: 'Range', min_age: 14, max_age: 12 }, '/max_age'],
    [{ code: 'U14', name: 'Fraction', min_age: 12.5 }, '/min_age'],
    [{ code: 'U14', name: 'Negative', max_age: -1 }, '/max_age'],
    [{ code: 'U14', name: 'Status', status: 'retired' }, '/status'],
  ];
  for (const [body, path] of cases) {
    const res = await federation.call('POST', '/v1/federation/license-categories', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: { path: string }) => e.path), [path]);
  }
  t.same((await walkPages(federation, '/v1/federation/license-categories')).ids, []);
  t.same(await feedOf(federation), []);
});
