// federation.competitions.close: open → closed, pending entries rejected; any other state is 409 and
// another federation's competition 404, changing nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation } from '../../support/factories.js';

const service = await startService(t);
const path = (id: string, verb = '') => `/v1/federation/competitions/${id}${verb}`;

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

t.test('close: a draft is 409 invalid_state; another federation\'s open competition is 404; both unchanged', async (t) => {
  const federation = await createFederation(service);
  const draft = await createCompetition(service, federation.id);
  const refused = await federation.call('POST', path(draft, '/close'), {});
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  const other = await createFederation(service);
  const theirs = await createCompetition(service, other.id, { status: 'open' });
  t.equal((await federation.call('POST', path(theirs, '/close'), {})).status, 404);
  t.same(await service.sql`select id, status from competitions where id in ${service.sql([draft, theirs])} order by id`,
    [{ id: draft, status: 'draft' }, { id: theirs, status: 'open' }]);
  t.same(await feedOf(other), []);
});
