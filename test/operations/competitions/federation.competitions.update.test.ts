// federation.competitions.update (draft or open only) and the open and close actions.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);
const path = (id: string, verb = '') => `/v1/federation/competitions/${id}${verb}`;

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

t.test('open: draft → open, heard by every club of the federation', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const stranger = await newClub(service, (await createFederation(service)).id);
  const id = (await federation.call('POST', '/v1/federation/competitions', {
    name: 'League', season_id: await createSeason(service, federation.id), starts_on: '2030-09-01',
  })).body.data.id;
  const res = await federation.call('POST', path(id, '/open'));
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'open');
  t.same(await feedOf(federation), [['competition', id, 'created', 1], ['competition', id, 'opened', 2]]);
  t.same(await feedOf(club), [['competition', id, 'opened', 2]]);
  t.same(await feedOf(stranger), []);
});

t.test('close: open → closed, pending entries rejected with "entries closed", accepted ones kept', async (t) => {
  const federation = await createFederation(service);
  const id = await createCompetition(service, federation.id, { status: 'open' });
  const club = await newClub(service, federation.id);
  const pending = await createEntry(service, club, id);
  const accepted = await createEntry(service, club, id, { status: 'accepted' });
  const withdrawn = await createEntry(service, club, id, { status: 'withdrawn' });
  const after = (await feedOf(club)).length;
  const res = await federation.call('POST', path(id, '/close'), {});
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'closed');
  const entries = (await federation.call('GET', `${path(id)}/entries`)).body.data;
  t.same(entries.map((e: any) => [e.id, e.status, e.reason]), [
    [pending, 'rejected', 'entries closed'], [accepted, 'accepted', null], [withdrawn, 'withdrawn', null],
  ]);
  // One transaction, its rows in the order the changes were made: the competition closed, then the entry.
  t.same((await feedOf(club)).slice(after), [['competition', id, 'closed', 2], ['entry', pending, 'rejected', 2]]);
});

t.test('another federation\'s competition cannot be opened (404) and stays a draft', async (t) => {
  const federation = await createFederation(service);
  const theirs = await createCompetition(service, (await createFederation(service)).id);
  const res = await federation.call('POST', path(theirs, '/open'));
  t.equal(res.status, 404);
  const [row] = await service.sql`select status from competitions where id = ${theirs}`;
  t.equal(row!.status, 'draft');
});
