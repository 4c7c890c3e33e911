// federation.entries.accept, .reject and .list: the federation decides on pending entries of its
// own competitions; the club hears of it.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

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

t.test('reject: needs a reason (422 otherwise, nothing changed); pending → rejected with it', async (t) => {
  const { federation, club, entry } = await setup();
  for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
    const res = await federation.call('POST', `/v1/federation/entries/${entry}/reject`, body);
    t.equal(res.status, 422, JSON.stringify(body));
  }
  t.same(await feedOf(club), []);
  const res = await federation.call('POST', `/v1/federation/entries/${entry}/reject`, { reason: 'The team is in the U17 league' });
  t.equal(res.status, 200);
  t.match(res.body.data, { status: 'rejected', reason: 'The team is in the U17 league' });
  t.same(await feedOf(club), [['entry', entry, 'rejected', 2]]);
});

t.test('another federation\'s entry is 404 and stays pending', async (t) => {
  const { entry } = await setup();
  const other = await createFederation(service);
  t.equal((await other.call('POST', `/v1/federation/entries/${entry}/accept`)).status, 404);
  t.equal((await service.sql`select status from entries where id = ${entry}`)[0]!.status, 'pending');
});

t.test('list: a competition\'s entries by id, filtered by status and updated_since; others\' competitions 404', async (t) => {
  const { federation, club, competition, entry } = await setup();
  const more = [await createEntry(service, club, competition, { status: 'accepted' }), await createEntry(service, club, competition, { status: 'withdrawn' })];
  const path = `/v1/federation/competitions/${competition}/entries`;
  const all = await walkPages(federation, `${path}?limit=2`);
  t.same(all.ids, [entry, ...more]);
  t.equal(all.pages, 2);
  t.same((await walkPages(federation, `${path}?status=accepted`)).ids, [more[0]]);
  await backdate(service, 'entries', [entry, more[0]!], '2020-01-01T00:00:00Z');
  t.same((await walkPages(federation, `${path}?updated_since=2021-01-01T00:00:00Z`)).ids, [more[1]]);
  const other = await createFederation(service);
  t.equal((await other.call('GET', path)).status, 404);
  t.equal((await federation.call('GET', `${path}?status=gone`)).status, 400);
});
