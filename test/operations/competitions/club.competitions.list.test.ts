// club.competitions.list: the open competitions of the club's federation and those it has entries in.
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
await createEntry(service, club, c.closedMine, { status: 'rejected' });
await createEntry(service, neighbour, c.closedTheirs, { status: 'accepted' });
await createEntry(service, club, c.completedMine, { status: 'accepted' });
await createEntry(service, neighbour, c.open);

t.test('list: open ones and those with the club\'s entries (any status), by id', async (t) => {
  t.same((await walkPages(club, '/v1/club/competitions?limit=1')).ids, [c.open, c.closedMine, c.completedMine]);
  t.same((await walkPages(neighbour, '/v1/club/competitions')).ids, [c.open, c.closedTheirs]);
  t.same((await walkPages(club, '/v1/club/competitions?status=completed')).ids, [c.completedMine]);
  await backdate(service, 'competitions', [c.open, c.closedMine], '2020-01-01T00:00:00Z');
  t.same((await walkPages(club, '/v1/club/competitions?updated_since=2021-01-01T00:00:00Z')).ids, [c.completedMine]);
});
