// federation.entries.list: a competition's entries by id, with filters; another federation's competition is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('list: a competition\'s entries by id, filtered by status and updated_since; others\' competitions 404', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const competition = await createCompetition(service, federation.id, { status: 'open' });
  const entry = await createEntry(service, club, competition);
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
