// club.entries.create: every rule of domain.md (Entry), each refusal changing nothing, and
// max_entries holding under concurrent requests.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createEntry, createFederation, createSeason, createTeam, setClubStatus, type Tenant } from '../../support/factories.js';

const service = await startService(t);

async function setup(fields: Parameters<typeof createCompetition>[2] = {}) {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const season = await createSeason(service, federation.id);
  const competition = await createCompetition(service, federation.id, { status: 'open', season_id: season, ...fields });
  const team = await createTeam(service, club, { season_id: season, name: 'Blue U15' });
  return { federation, club, season, competition, team };
}

const enter = (club: Tenant, competition: string, team: string) =>
  club.call('POST', `/v1/club/competitions/${competition}/entries`, { team_id: team });
const entryCount = async (competition: string) =>
  (await service.sql`select count(*)::int as n from entries where competition_id = ${competition}`)[0]!.n as number;

t.test('201: a pending entry with the team\'s name, in the club\'s and the federation\'s feeds', async (t) => {
  const { federation, club, competition, team } = await setup();
  const res = await enter(club, competition, team);
  t.equal(res.status, 201);
  t.equal(res.headers.get('location'), null, 'no Location: an entry has no GET of its own; club.competitions.get shows it');
  const entry = res.body.data;
  t.match(entry, { competition_id: competition, club_id: club.id, team_id: team, team_name: 'Blue U15', status: 'pending', reason: null, version: 1 });
  t.same(await feedOf(club), [['entry', entry.id, 'created', 1]]);
  t.same(await feedOf(federation), [['entry', entry.id, 'created', 1]]);
  const view = (await club.call('GET', `/v1/club/competitions/${competition}`)).body.data;
  t.same(view.my_entries, [entry]);
  t.equal(view.standings, null);
});

t.test('a competition that is not open is 409 invalid_state (or 404 when the club cannot see it)', async (t) => {
  const { federation, club, season, team } = await setup();
  const closed = await createCompetition(service, federation.id, { status: 'closed', season_id: season });
  await createEntry(service, club, closed, { status: 'accepted' });
  const res = await enter(club, closed, team);
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  const draft = await createCompetition(service, federation.id, { season_id: season });
  t.equal((await enter(club, draft, team)).status, 404);
  t.equal(await entryCount(draft), 0);
});

t.test('the deadline passed: 422 deadline_passed; its own day still counts', async (t) => {
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const late = await setup({ entry_deadline: yesterday, starts_on: '2099-01-01' });
  const res = await enter(late.club, late.competition, late.team);
  t.equal(res.status, 422);
  t.equal(res.body.reason, 'deadline_passed');
  t.equal(await entryCount(late.competition), 0);
  const onTime = await setup({ entry_deadline: today, starts_on: '2099-01-01' });
  t.equal((await enter(onTime.club, onTime.competition, onTime.team)).status, 201);
});

t.test('an archived team, or one of another season: 422 team_not_eligible', async (t) => {
  const { club, competition } = await setup();
  const archived = await createTeam(service, club, { status: 'archived', season_id: (await service.sql`select season_id from competitions where id = ${competition}`)[0]!.season_id });
  const elsewhere = await createTeam(service, club, { season_id: await createSeason(service, club.federationId, 'planned') });
  for (const team of [archived, elsewhere]) {
    const res = await enter(club, competition, team);
    t.equal(res.status, 422);
    t.equal(res.body.code, 'rule_violation');
    t.equal(res.body.reason, 'team_not_eligible');
  }
  t.equal(await entryCount(competition), 0);
});

t.test('a team of another club is 422 naming /team_id', async (t) => {
  const mine = await setup();
  const theirs = await setup();
  const res = await enter(mine.club, mine.competition, theirs.team);
  t.equal(res.status, 422);
  t.equal(res.body.code, 'validation_failed');
  t.same(res.body.errors.map((e: any) => e.path), ['/team_id']);
  t.equal(await entryCount(mine.competition), 0);
});

t.test('a suspended club: 422 club_suspended', async (t) => {
  const { club, competition, team } = await setup();
  await setClubStatus(service, club.id, 'suspended');
  const res = await enter(club, competition, team);
  t.equal(res.status, 422);
  t.equal(res.body.reason, 'club_suspended');
  t.equal(await entryCount(competition), 0);
});

t.test('the same team twice is 409 conflict; after a withdrawal it may enter again', async (t) => {
  const { club, competition, team } = await setup();
  const first = (await enter(club, competition, team)).body.data;
  const again = await enter(club, competition, team);
  t.equal(again.status, 409);
  t.equal(again.body.code, 'conflict');
  t.match(again.body.detail, /already entered/);
  const withdrawn = await club.call('POST', `/v1/club/entries/${first.id}/withdraw`);
  t.equal(withdrawn.status, 200);
  t.equal(withdrawn.body.data.status, 'withdrawn');
  t.equal((await enter(club, competition, team)).status, 201);
});

t.test('max_entries: pending and accepted count, 409 conflict once full, even for concurrent entries', async (t) => {
  const { federation, competition, season } = await setup({ max_entries: 3 });
  await createEntry(service, await newClub(service, federation.id), competition, { status: 'accepted' });
  await createEntry(service, await newClub(service, federation.id), competition, { status: 'rejected' });
  const clubs = await Promise.all([0, 1, 2, 3].map(() => newClub(service, federation.id)));
  const teams = await Promise.all(clubs.map((c) => createTeam(service, c, { season_id: season })));
  const answers = await Promise.all(clubs.map((c, i) => enter(c, competition, teams[i]!)));
  t.same(answers.map((r) => r.status).sort(), [201, 201, 409, 409]);
  t.ok(answers.filter((r) => r.status === 409).every((r) => r.body.code === 'conflict'));
  const [row] = await service.sql`select count(*)::int as n from entries where competition_id = ${competition} and status in ('pending', 'accepted')`;
  t.equal(row!.n, 3);
});

t.test('team delete is refused for a team with an entry (teamHasEntries), whatever became of the entry', async (t) => {
  const { club, competition, team, season } = await setup();
  const entry = (await enter(club, competition, team)).body.data;
  await club.call('POST', `/v1/club/entries/${entry.id}/withdraw`);
  const res = await club.call('DELETE', `/v1/club/teams/${team}`);
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.equal((await club.call('GET', `/v1/club/teams/${team}`)).status, 200);
  const spare = await createTeam(service, club, { season_id: season });
  t.equal((await club.call('DELETE', `/v1/club/teams/${spare}`)).status, 200);
});
