// federation.competitions.create: a draft with its defaults; every bad input 422 and nothing created.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCategory, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);

const count = async (federationId: string) =>
  (await service.sql`select count(*)::int as n from competitions where federation_id = ${federationId}`)[0]!.n as number;

t.test('create answers 201 with Location: a draft with the default legs and points', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const season = await createSeason(service, federation.id);
  const res = await federation.call('POST', '/v1/federation/competitions', { name: ' U15 League ', season_id: season, starts_on: '2030-09-01' });
  t.equal(res.status, 201);
  const c = res.body.data;
  t.equal(res.headers.get('location'), `/v1/federation/competitions/${c.id}`);
  t.equal(res.headers.get('etag'), '"1"');
  t.match(c, { name: 'U15 League', season_id: season, category_id: null, legs: 1, status: 'draft', entry_deadline: null,
    starts_on: '2030-09-01', max_entries: null, points: { win: 3, draw: 1, loss: 0 }, version: 1 });
  t.same(await feedOf(federation), [['competition', c.id, 'created', 1]]);
  t.same(await feedOf(club), [], 'a draft is not in the clubs\' feeds');
});

t.test('every field given', async (t) => {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id);
  const category = await createCategory(service, federation.id, { code: 'U15' });
  const body = { name: 'Cup', season_id: season, category_id: category, legs: 2, entry_deadline: '2030-08-15', starts_on: '2030-09-01',
    max_entries: 8, points: { win: 2, draw: 1, loss: 0 } };
  const res = await federation.call('POST', '/v1/federation/competitions', body);
  t.equal(res.status, 201);
  t.match(res.body.data, body);
});

t.test('bad bodies are 422 naming the field and create nothing', async (t) => {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id);
  const otherSeason = await createSeason(service, (await createFederation(service)).id);
  const otherCategory = await createCategory(service, (await createFederation(service)).id, { code: 'X' });
  const good = { name: 'League', season_id: season, starts_on: '2030-09-01' };
  const cases: [unknown, string][] = [
    [{ ...good, name: '' }, '/name'],
    [{ ...good, name: 'x'.repeat(121) }, '/name'],
    [{ ...good, season_id: 5 }, '/season_id'],
    [{ ...good, season_id: otherSeason }, '/season_id'],
    [{ ...good, season_id: '999999999' }, '/season_id'],
    [{ ...good, category_id: otherCategory }, '/category_id'],
    [{ ...good, legs: 3 }, '/legs'],
    [{ ...good, starts_on: '2030-02-30' }, '/starts_on'],
    [{ ...good, entry_deadline: '2030-09-02' }, '/entry_deadline'],
    [{ ...good, max_entries: 1 }, '/max_entries'],
    [{ ...good, max_entries: 2.5 }, '/max_entries'],
    [{ ...good, points: { win: 3, draw: 1 } }, '/points/loss'],
    [{ ...good, points: { win: -1, draw: 1, loss: 0 } }, '/points/win'],
    [{ ...good, status: 'open' }, '/status'],
    [{ name: 'League', season_id: season }, '/starts_on'],
  ];
  for (const [body, path] of cases) {
    const res = await federation.call('POST', '/v1/federation/competitions', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.ok(res.body.errors.some((e: any) => e.path === path), `${path} named: ${JSON.stringify(res.body.errors)}`);
  }
  t.equal(await count(federation.id), 0);
  t.same(await feedOf(federation), []);
});
