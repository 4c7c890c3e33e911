// federation.entries.accept: the federation accepts pending entries of its own competitions; the
// club hears of it.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);

async function setup() {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const competition = await createCompetition(service, federation.id, { status: 'open' });
  return { federation, club, competition, entry: await createEntry(service, club, competition) };
}

t.test('accept: pending → accepted, in the club\'s and the federation\'s feeds', async (t) => {
  const { federation, club, entry } = await setup();
  const res = await federation.call('POST', `/v1/federation/entries/${entry}/accept`, {}, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.match(res.body.data, { id: entry, status: 'accepted', reason: null, version: 2 });
  t.same(await feedOf(club), [['entry', entry, 'accepted', 2]]);
  t.same(await feedOf(federation), [['entry', entry, 'accepted', 2]]);
});

t.test('another federation\'s entry is 404 and stays pending', async (t) => {
  const { entry } = await setup();
  const other = await createFederation(service);
  t.equal((await other.call('POST', `/v1/federation/entries/${entry}/accept`)).status, 404);
  t.equal((await service.sql`select status from entries where id = ${entry}`)[0]!.status, 'pending');
});
