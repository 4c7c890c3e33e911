// federation.competitions.update: a merge patch of a draft or open competition.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);
const path = (id: string) => `/v1/federation/competitions/${id}`;

t.test('update: a merge patch of a draft; an empty patch changes nothing', async (t) => {
  const federation = await createFederation(service);
  const id = await createCompetition(service, federation.id);
  const before = (await federation.call('GET', path(id))).body.data;
  const same = await federation.call('PATCH', path(id), {});
  t.same(same.body.data, before);
  const res = await federation.call('PATCH', path(id), { name: 'Spring League', legs: 2, max_entries: 10, points: { win: 2, draw: 1, loss: 0 } });
  t.equal(res.status, 200);
  t.match(res.body.data, { name: 'Spring League', legs: 2, max_entries: 10, points: { win: 2, draw: 1, loss: 0 }, version: 2 });
  const cleared = await federation.call('PATCH', path(id), { max_entries: null }, { headers: { 'if-match': '"2"' } });
  t.equal(cleared.body.data.max_entries, null);
  t.same(await feedOf(federation), [['competition', id, 'updated', 2], ['competition', id, 'updated', 3]]);
  const stale = await federation.call('PATCH', path(id), { name: 'Stale' }, { headers: { 'if-match': '"2"' } });
  t.equal(stale.status, 412);
});

t.test('update: the season only in draft; status is read-only; the deadline not after the start', async (t) => {
  const federation = await createFederation(service);
  const open = await createCompetition(service, federation.id, { status: 'open' });
  const season = await createSeason(service, federation.id, 'planned');
  const res = await federation.call('PATCH', path(open), { season_id: season });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  const status = await federation.call('PATCH', path(open), { status: 'closed' });
  t.equal(status.status, 422);
  t.same(status.body.errors.map((e: any) => e.path), ['/status']);
  const deadline = await federation.call('PATCH', path(open), { entry_deadline: '2030-09-02' });
  t.equal(deadline.status, 422);
  t.same(deadline.body.errors.map((e: any) => e.path), ['/entry_deadline']);
  t.equal((await federation.call('GET', path(open))).body.data.version, 1);
});

t.test('update: max_entries below the entries already taken is 409 conflict', async (t) => {
  const federation = await createFederation(service);
  const id = await createCompetition(service, federation.id, { status: 'open' });
  for (let i = 0; i < 3; i++) await createEntry(service, await newClub(service, federation.id), id);
  const res = await federation.call('PATCH', path(id), { max_entries: 2 });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'conflict');
  t.equal((await federation.call('PATCH', path(id), { max_entries: 3 })).status, 200);
});

t.test('update: closed, scheduled and completed competitions are 409 invalid_state', async (t) => {
  const federation = await createFederation(service);
  for (const status of ['closed', 'scheduled', 'completed'] as const) {
    const id = await createCompetition(service, federation.id, { status });
    const res = await federation.call('PATCH', path(id), { name: 'Renamed' });
    t.equal(res.status, 409, status);
    t.equal(res.body.code, 'invalid_state');
    t.equal((await federation.call('GET', path(id))).body.data.name, 'League');
  }
});
