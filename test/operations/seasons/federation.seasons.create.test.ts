// federation.seasons.create: a planned season, told to every club; no overlap (409, also under
// concurrent creation).
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);
const season = (name: string, starts_on: string, ends_on: string) => ({ name, starts_on, ends_on });

t.test('create: 201 planned, in the federation\'s and every club\'s feed', async (t) => {
  const federation = await createFederation(service);
  const clubs = [await createClub(service, federation), await createClub(service, federation)];
  const res = await federation.call('POST', '/v1/federation/seasons', season(' 2026/27 ', '2026-08-01', '2027-06-30'));
  t.equal(res.status, 201);
  const data = res.body.data;
  t.equal(res.headers.get('location'), null, 'no Location: a season has no GET of its own; federation.seasons.list shows it');
  t.same(Object.keys(data).sort(), ['created_at', 'ends_on', 'id', 'name', 'starts_on', 'status', 'updated_at', 'version']);
  t.match(data, { name: '2026/27', starts_on: '2026-08-01', ends_on: '2027-06-30', status: 'planned', version: 1 });
  for (const tenant of [federation, ...clubs]) t.same(await feedOf(tenant), [['season', data.id, 'created', 1]]);
  t.same((await clubs[0]!.call('GET', '/v1/club/federation')).body.data.seasons.map((s: { id: string }) => s.id), [data.id]);
});

t.test('create refuses bad input and overlaps, changing nothing', async (t) => {
  const federation = await createFederation(service);
  await federation.call('POST', '/v1/federation/seasons', season('2026', '2026-01-01', '2026-12-31'));
  const cases: [unknown, number, string, string?][] = [
    [season('Backwards', '2027-06-30', '2027-01-01'), 422, 'validation_failed', '/ends_on'],
    [season('One day', '2027-01-01', '2027-01-01'), 422, 'validation_failed', '/ends_on'],
    [season('x'.repeat(41), '2027-01-01', '2027-12-31'), 422, 'validation_failed', '/name'],
    [season('Bad', '2027-02-30', '2027-12-31'), 422, 'validation_failed', '/starts_on'],
    [{ ...season('Open', '2027-01-01', '2027-12-31'), status: 'open' }, 422, 'validation_failed', '/status'],
    [season('Overlap', '2026-06-01', '2027-05-31'), 409, 'conflict'],
    [season('Touching', '2026-12-31', '2027-12-30'), 409, 'conflict'],
    [season('Inside', '2026-03-01', '2026-04-01'), 409, 'conflict'],
  ];
  for (const [body, status, code, path] of cases) {
    const res = await federation.call('POST', '/v1/federation/seasons', body);
    t.equal(res.status, status, JSON.stringify(body));
    t.equal(res.body.code, code);
    if (path) t.same(res.body.errors.map((e: { path: string }) => e.path), [path]);
  }
  t.equal((await walkPages(federation, '/v1/federation/seasons')).ids.length, 1);
  t.equal((await feedOf(federation)).length, 1);
  t.equal((await federation.call('POST', '/v1/federation/seasons', season('Next', '2027-01-01', '2027-12-31'))).status, 201, 'the next day is free');
});

t.test('concurrent overlapping creates: one 201, the rest 409', async (t) => {
  const federation = await createFederation(service);
  const answers = await Promise.all(Array.from({ length: 6 }, (_, i) =>
    federation.call('POST', '/v1/federation/seasons', season(`Race ${i}`, `2040-0${i + 1}-01`, '2040-12-31'))));
  t.same(answers.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409]);
  t.equal((await walkPages(federation, '/v1/federation/seasons')).ids.length, 1);
});
