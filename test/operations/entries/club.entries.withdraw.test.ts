// club.entries.withdraw: a pending or accepted entry, only while its competition is open, only the
// club's own; a refusal changes nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);

async function setup() {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const season = await createSeason(service, federation.id);
  const competition = await createCompetition(service, federation.id, { status: 'open', season_id: season });
  return { federation, club, season, competition };
}

t.test('withdraw: only while the competition is open; only pending or accepted; only its own', async (t) => {
  const { federation, club, competition, season } = await setup();
  const accepted = await createEntry(service, club, competition, { status: 'accepted' });
  const res = await club.call('POST', `/v1/club/entries/${accepted}/withdraw`, {});
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'withdrawn');
  t.same((await feedOf(federation)).at(-1), ['entry', accepted, 'withdrawn', 2]);

  const closed = await createCompetition(service, federation.id, { status: 'closed', season_id: season });
  const late = await createEntry(service, club, closed, { status: 'accepted' });
  const refused = await club.call('POST', `/v1/club/entries/${late}/withdraw`);
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  t.match(refused.body.detail, /competition .* is closed/);
  t.equal((await service.sql`select status from entries where id = ${late}`)[0]!.status, 'accepted');

  const other = await newClub(service, federation.id);
  const theirs = await createEntry(service, other, competition);
  t.equal((await club.call('POST', `/v1/club/entries/${theirs}/withdraw`)).status, 404);
});
