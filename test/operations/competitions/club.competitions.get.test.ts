// club.competitions.get: an open competition of the club's federation or one it has entries in, with
// the club's own entries and, once scheduled, the table; nothing else is visible (404).
import t from 'tap';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const club = await newClub(service, federation.id);
const neighbour = await newClub(service, federation.id);

t.test('get: its own entries only; the table once scheduled', async (t) => {
  const open = await createCompetition(service, federation.id, { status: 'open' });
  await createEntry(service, neighbour, open);
  const closed = await createCompetition(service, federation.id, { status: 'closed' });
  const rejected = await createEntry(service, club, closed, { status: 'rejected' });
  const completed = await createCompetition(service, federation.id, { status: 'completed' });
  const accepted = await createEntry(service, club, completed, { status: 'accepted' });

  const res = await club.call('GET', `/v1/club/competitions/${open}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.same(res.body.data.my_entries, [], 'the neighbour\'s entry is not shown');
  t.equal(res.body.data.standings, null);
  const mine = (await club.call('GET', `/v1/club/competitions/${closed}`)).body.data;
  t.same(mine.my_entries.map((e: any) => [e.id, e.status]), [[rejected, 'rejected']]);
  t.equal(mine.standings, null);
  const done = (await club.call('GET', `/v1/club/competitions/${completed}`)).body.data;
  t.same(done.standings.map((r: any) => [r.rank, r.entry_id, r.played]), [[1, accepted, 0]]);
});

t.test('get: drafts, others\' closed competitions and other federations\' are 404', async (t) => {
  const draft = await createCompetition(service, federation.id);
  const theirs = await createCompetition(service, federation.id, { status: 'closed' });
  await createEntry(service, neighbour, theirs, { status: 'accepted' });
  const elsewhere = await createCompetition(service, (await createFederation(service)).id, { status: 'open' });
  for (const id of [draft, theirs, elsewhere, '999999999']) {
    const res = await club.call('GET', `/v1/club/competitions/${id}`);
    t.equal(res.status, 404, id);
    t.equal(res.body.code, 'not_found');
  }
});
