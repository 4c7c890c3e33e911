// club.competitions.list and .get: the open competitions of the club's federation and those it has
// entries in; nothing else is visible (404), and the view adds the club's entries.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const club = await newClub(service, federation.id);
const neighbour = await newClub(service, federation.id);
const c = {
  draft: await createCompetition(service, federation.id),
  open: await createCompetition(service, federation.id, { status: 'open' }),
  closedMine: await createCompetition(service, federation.id, { status: 'closed' }),
  closedTheirs: await createCompetition(service, federation.id, { status: 'closed' }),
  completedMine: await createCompetition(service, federation.id, { status: 'completed' }),
  elsewhere: await createCompetition(service, (await createFederation(service)).id, { status: 'open' }),
};
const rejected = await createEntry(service, club, c.closedMine, { status: 'rejected' });
await createEntry(service, neighbour, c.closedTheirs, { status: 'accepted' });
const accepted = await createEntry(service, club, c.completedMine, { status: 'accepted' });
await createEntry(service, neighbour, c.open);

t.test('list: open ones and those with the club\'s entries (any status), by id', async (t) => {
  t.same((await walkPages(club, '/v1/club/competitions?limit=1')).ids, [c.open, c.closedMine, c.completedMine]);
  t.same((await walkPages(neighbour, '/v1/club/competitions')).ids, [c.open, c.closedTheirs]);
  t.same((await walkPages(club, '/v1/club/competitions?status=completed')).ids, [c.completedMine]);
  await backdate(service, 'competitions', [c.open, c.closedMine], '2020-01-01T00:00:00Z');
  t.same((await walkPages(club, '/v1/club/competitions?updated_since=2021-01-01T00:00:00Z')).ids, [c.completedMine]);
});

t.test('get: its own entries only; the table once scheduled', async (t) => {
  const open = await club.call('GET', `/v1/club/competitions/${c.open}`);
  t.equal(open.status, 200);
  t.equal(open.headers.get('etag'), '"1"');
  t.same(open.body.data.my_entries, [], 'the neighbour\'s entry is not shown');
  t.equal(open.body.data.standings, null);
  const closed = (await club.call('GET', `/v1/club/competitions/${c.closedMine}`)).body.data;
  t.same(closed.my_entries.map((e: any) => [e.id, e.status]), [[rejected, 'rejected']]);
  t.equal(closed.standings, null);
  const completed = (await club.call('GET', `/v1/club/competitions/${c.completedMine}`)).body.data;
  t.same(completed.standings.map((r: any) => [r.rank, r.entry_id, r.played]), [[1, accepted, 0]]);
});

t.test('get: drafts, others\' closed competitions and other federations\' are 404', async (t) => {
  for (const id of [c.draft, c.closedTheirs, c.elsewhere, '999999999']) {
    const res = await club.call('GET', `/v1/club/competitions/${id}`);
    t.equal(res.status, 404, id);
    t.equal(res.body.code, 'not_found');
  }
});
