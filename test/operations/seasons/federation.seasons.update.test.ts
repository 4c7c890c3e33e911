// federation.seasons.update: name any time, dates only while planned, status forward one step, at most
// one open season; another federation's season is 404.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);
const season = (name: string, starts_on: string, ends_on: string) => ({ name, starts_on, ends_on });

t.test('update: name any time, dates only while planned, status forward one step, one open season', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const a = (await federation.call('POST', '/v1/federation/seasons', season('A', '2030-01-01', '2030-12-31'))).body.data;
  const b = (await federation.call('POST', '/v1/federation/seasons', season('B', '2031-01-01', '2031-12-31'))).body.data;
  const patch = (id: string, body: unknown, headers: Record<string, string> = {}) =>
    federation.call('PATCH', `/v1/federation/seasons/${id}`, body, { headers });

  t.match((await patch(a.id, { ends_on: '2030-11-30' })).body.data, { ends_on: '2030-11-30', version: 2 });
  const overlapping = await patch(a.id, { ends_on: '2031-01-15' });
  t.equal(overlapping.status, 409);
  t.equal(overlapping.body.code, 'conflict');
  t.equal((await patch(a.id, { starts_on: '2030-12-01' })).status, 422, 'the dates must stay in order');
  t.equal((await patch(a.id, { status: 'closed' })).body.code, 'invalid_state', 'planned → closed skips a step');

  const opened = await patch(a.id, { status: 'open' }, { 'if-match': '"2"' });
  t.match(opened.body.data, { status: 'open', version: 3 });
  const second = await patch(b.id, { status: 'open' });
  t.equal(second.status, 409);
  t.equal(second.body.code, 'conflict');
  t.equal(second.body.detail, 'another season of the federation is open');
  const moved = await patch(a.id, { starts_on: '2030-02-01' });
  t.equal(moved.status, 409);
  t.equal(moved.body.code, 'invalid_state');
  t.match((await patch(a.id, { name: 'A, renamed' })).body.data, { name: 'A, renamed', status: 'open', version: 4 });
  t.match((await patch(a.id, { status: 'open' })).body.data, { version: 4 }, 'the same status changes nothing');
  t.equal((await patch(a.id, { status: 'planned' })).body.code, 'invalid_state', 'never back to planned');
  t.match((await patch(a.id, { status: 'closed' })).body.data, { status: 'closed', version: 5 });
  t.equal((await patch(a.id, { status: 'open' })).body.code, 'invalid_state', 'a closed season stays closed');
  t.equal((await patch(a.id, { status: 'open' }, { 'if-match': '"1"' })).status, 412);
  t.match((await patch(b.id, { status: 'open' })).body.data, { status: 'open' }, 'with A closed, B may open');

  t.same((await feedOf(club)).filter((row) => row[1] === a.id).map((row) => row[2]),
    ['created', 'updated', 'opened', 'updated', 'closed']);
});

t.test('another federation\'s season is 404; a bad date 422; neither changes it', async (t) => {
  const federation = await createFederation(service);
  const id = await createSeason(service, federation.id, 'planned', 2033);
  const other = await createFederation(service);
  const res = await other.call('PATCH', `/v1/federation/seasons/${id}`, { name: 'Mine now' });
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  const bad = await federation.call('PATCH', `/v1/federation/seasons/${id}`, { ends_on: '2033-02-30' });
  t.equal(bad.status, 422);
  t.same(bad.body.errors.map((e: { path: string }) => e.path), ['/ends_on']);
  t.same(await service.sql`select version from seasons where id = ${id}`, [{ version: 1 }]);
  t.same(await feedOf(other), []);
});
