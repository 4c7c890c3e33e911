// federation.entries.reject: a pending entry of the federation's own competition, with a reason.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('reject: needs a reason (422 otherwise, nothing changed); pending → rejected with it', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const entry = await createEntry(service, club, await createCompetition(service, federation.id, { status: 'open' }));
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
