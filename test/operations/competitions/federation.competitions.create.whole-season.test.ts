// A whole season over HTTP, six clubs: the competition created and opened, entries accepted and
// rejected, closed, fixtures generated, lineups (an unlicensed and a suspended player refused),
// results reported (one disputed, one corrected), the table checked against one computed by hand,
// the competition completed; and every workspace's change feed holding what it should.
import t from 'tap';
import { feedOf, type FeedRow } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createFederation, newClub } from '../../support/factories.js';

const service = await startService(t);
const federation = await createFederation(service);
const clubs = await Promise.all([0, 1, 2, 3, 4, 5].map(() => newClub(service, federation.id)));
const bystander = await newClub(service, federation.id);
const stranger = await newClub(service, (await createFederation(service)).id);
const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];

async function ok<T = any>(res: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

// Each pairing's score, as (first team's goals, second team's goals), whoever plays at home.
const scores: Record<string, [number, number]> = {
  'Alpha-Bravo': [2, 1], 'Alpha-Charlie': [1, 1], 'Alpha-Delta': [3, 0], 'Alpha-Echo': [0, 2], 'Alpha-Foxtrot': [2, 2],
  'Bravo-Charlie': [1, 0], 'Bravo-Delta': [2, 2], 'Bravo-Echo': [1, 3], 'Bravo-Foxtrot': [3, 1],
  'Charlie-Delta': [0, 1], 'Charlie-Echo': [2, 2], 'Charlie-Foxtrot': [3, 1],
  'Delta-Echo': [1, 1], 'Delta-Foxtrot': [0, 0],
  'Echo-Foxtrot': [2, 0],
};
const scoreOf = (m: any): [number, number] => {
  const [x, y] = [m.home.team_name, m.away.team_name];
  const key = names.indexOf(x) < names.indexOf(y) ? `${x}-${y}` : `${y}-${x}`;
  const [a, b] = scores[key]!;
  return key.startsWith(x) ? [a, b] : [b, a];
};
const clubOfTeam = (name: string) => clubs[names.indexOf(name)]!;

t.test('a season of six clubs, end to end', async (t) => {
  // The season, a license category and the competition.
  const season = await ok(federation.call('POST', '/v1/federation/seasons', { name: '2020/21', starts_on: '2020-08-01', ends_on: '2021-06-30' }), 201);
  await ok(federation.call('PATCH', `/v1/federation/seasons/${season.id}`, { status: 'open' }));
  const category = await ok(federation.call('POST', '/v1/federation/license-categories', { code: 'SEN', name: 'Seniors' }), 201);
  const competition = await ok(federation.call('POST', '/v1/federation/competitions', {
    name: 'First Division', season_id: season.id, category_id: category.id, starts_on: '2020-09-05', max_entries: 8,
  }), 201);
  t.equal((await ok(federation.call('POST', `/v1/federation/competitions/${competition.id}/open`))).status, 'open');
  t.same((await walkPages(bystander, '/v1/club/competitions')).ids, [competition.id], 'every club of the federation sees it open');

  // Entries: six accepted, one (Foxtrot's second team) rejected.
  const teams: string[] = [];
  const entries: string[] = [];
  for (const [i, club] of clubs.entries()) {
    teams.push((await ok(club.call('POST', '/v1/club/teams', { name: names[i], season_id: season.id, category: 'SEN', gender: 'mixed' }), 201)).id);
    entries.push((await ok(club.call('POST', `/v1/club/competitions/${competition.id}/entries`, { team_id: teams[i] }), 201)).id);
  }
  const reserve = await ok(clubs[5]!.call('POST', '/v1/club/teams', { name: 'Foxtrot II', season_id: season.id, category: 'SEN', gender: 'mixed' }), 201);
  const rejected = await ok(clubs[5]!.call('POST', `/v1/club/competitions/${competition.id}/entries`, { team_id: reserve.id }), 201);
  for (const entry of entries) await ok(federation.call('POST', `/v1/federation/entries/${entry}/accept`));
  t.equal((await ok(federation.call('POST', `/v1/federation/entries/${rejected.id}/reject`, { reason: 'One team per club' }))).status, 'rejected');
  t.equal((await ok(federation.call('POST', `/v1/federation/competitions/${competition.id}/close`))).status, 'closed');

  // Fixtures: five rounds of three, a week apart, in the past so results can come in.
  await ok(federation.call('POST', `/v1/federation/competitions/${competition.id}/fixtures`, { kickoff_time: '14:30' }));
  const matches = (await walkPages(federation, `/v1/federation/matches?competition_id=${competition.id}`)).rows;
  t.equal(matches.length, 15);
  t.same([...new Set(matches.map((m: any) => m.round))], [1, 2, 3, 4, 5]);
  t.equal(matches.at(-1).scheduled_at, '2020-10-03T14:30:00.000Z');

  // Lineups for Alpha against Bravo, moved to a later date: an unlicensed and a suspended player refused.
  const ab = matches.find((m: any) => [m.home.team_name, m.away.team_name].sort().join() === 'Alpha,Bravo');
  await ok(federation.call('PATCH', `/v1/federation/matches/${ab.id}`, { scheduled_at: '2099-06-01T18:00:00Z' }));
  const alpha = clubs[0]!;
  const player = async (first: string, licensed: boolean) => {
    const member = await ok(alpha.call('POST', '/v1/club/members', { first_name: first, last_name: 'Speler', birth_date: '1998-04-04', gender: 'female' }), 201);
    await ok(alpha.call('PUT', `/v1/club/teams/${teams[0]}/roster/${member.id}`, { role: 'player' }), 201);
    if (licensed) {
      const license = await ok(alpha.call('POST', '/v1/club/licenses', { member_id: member.id, season_id: season.id, category_id: category.id }), 201);
      await ok(federation.call('POST', `/v1/federation/licenses/${license.id}/approve`));
    }
    return (await ok(alpha.call('GET', `/v1/club/members/${member.id}`)));
  };
  const [keeper, striker, unlicensed, banned] = [await player('Anna', true), await player('Bo', true), await player('Cas', false), await player('Dewi', true)];
  await ok(federation.call('POST', '/v1/federation/sanctions', {
    subject_type: 'person', person_id: banned.person_id, kind: 'suspension', reason: 'Red card', starts_on: '2099-05-01', ends_on: '2099-06-30',
  }), 201);
  const lineup = (list: any[]) => alpha.call('PUT', `/v1/club/matches/${ab.id}/lineup`,
    { players: list.map((m, i) => ({ member_id: m.id, shirt_number: i + 1, starter: true })) });
  const refused = await lineup([keeper, unlicensed, striker, banned]);
  t.equal(refused.status, 422);
  t.equal(refused.body.reason, 'player_not_eligible');
  t.same(refused.body.errors.map((e: any) => [e.path, e.reason]), [['/players/1/member_id', 'player_not_eligible'], ['/players/3/member_id', 'player_suspended']]);
  const submitted = await ok(lineup([keeper, striker]), 201);
  t.same(submitted.lineup.players.map((p: any) => p.member_id), [keeper.id, striker.id]);
  const seen = await ok(federation.call('GET', `/v1/federation/matches/${ab.id}`));
  t.same(seen.lineups[0].players.map((p: any) => p.person_id), [keeper.person_id, striker.person_id]);
  // Played on its original day after all: the federation records the result.
  await ok(federation.call('POST', `/v1/federation/matches/${ab.id}/result`, { home_score: scoreOf(ab)[0], away_score: scoreOf(ab)[1] }));

  // Results: both clubs report; Charlie–Foxtrot disputed and decided; Bravo–Foxtrot reported wrong and corrected.
  for (const m of matches.filter((x: any) => x.id !== ab.id)) {
    const [h, a] = scoreOf(m);
    const pair = [m.home.team_name, m.away.team_name].sort().join();
    const home = clubOfTeam(m.home.team_name);
    const away = clubOfTeam(m.away.team_name);
    if (pair === 'Bravo,Foxtrot') {
      await ok(home.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h + (m.home.team_name === 'Bravo' ? 1 : 0), away_score: a + (m.away.team_name === 'Bravo' ? 1 : 0) }));
      const played = await ok(away.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h + (m.home.team_name === 'Bravo' ? 1 : 0), away_score: a + (m.away.team_name === 'Bravo' ? 1 : 0) }));
      t.equal(played.result_source, 'reports');
      const corrected = await ok(federation.call('POST', `/v1/federation/matches/${m.id}/result`, { home_score: h, away_score: a }));
      t.match(corrected, { result_source: 'federation', version: played.version + 1 });
    } else if (pair === 'Charlie,Foxtrot') {
      await ok(home.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h, away_score: a }));
      const open = await ok(away.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h, away_score: a + 1 }));
      t.equal(open.status, 'scheduled', 'disagreeing reports leave it open');
      t.equal((await ok(federation.call('POST', `/v1/federation/matches/${m.id}/result`, { home_score: h, away_score: a }))).result_source, 'federation');
    } else {
      await ok(home.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h, away_score: a }));
      t.equal((await ok(away.call('POST', `/v1/club/matches/${m.id}/result-report`, { home_score: h, away_score: a }))).status, 'played');
    }
  }

  // The table, computed by hand from the scores above.
  const table = (await ok(federation.call('GET', `/v1/federation/competitions/${competition.id}/standings`))).rows;
  t.same(table.map((r: any) => [r.rank, r.team_name, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.goal_difference, r.points]), [
    [1, 'Echo', 5, 3, 2, 0, 10, 4, 6, 11],
    [2, 'Alpha', 5, 2, 2, 1, 8, 6, 2, 8],
    [3, 'Bravo', 5, 2, 1, 2, 8, 8, 0, 7],
    [4, 'Delta', 5, 1, 3, 1, 4, 6, -2, 6],
    [5, 'Charlie', 5, 1, 2, 2, 6, 6, 0, 5],
    [6, 'Foxtrot', 5, 0, 2, 3, 4, 10, -6, 2],
  ]);
  const finished = await ok(federation.call('GET', `/v1/federation/competitions/${competition.id}`));
  t.equal(finished.status, 'completed');
  for (const club of clubs) t.same((await ok(club.call('GET', `/v1/club/competitions/${competition.id}`))).standings, table);

  // The feeds.
  const ids = (feed: FeedRow[], type: string) => [...new Set(feed.filter((r) => r[0] === type).map((r) => r[1]))].sort();
  const competitionActions = ['opened', 'closed', 'scheduled', 'completed'];
  for (const [i, club] of clubs.entries()) {
    const feed = await feedOf(club);
    const own = matches.filter((m: any) => m.home.club_id === club.id || m.away.club_id === club.id).map((m: any) => m.id).sort();
    t.same(ids(feed, 'match'), own, `${names[i]}: its matches`);
    t.same(ids(feed, 'entry'), (i === 5 ? [entries[i], rejected.id] : [entries[i]]).sort(), `${names[i]}: its entries`);
    t.same(feed.filter((r) => r[0] === 'competition').map((r) => r[2]), competitionActions, `${names[i]}: the competition`);
    t.same(ids(feed, 'sanction'), [], `${names[i]}: no sanction`);
  }
  const alphaFeed = await feedOf(alpha);
  t.same(ids(alphaFeed, 'license').length, 3);
  t.same(ids(await feedOf(clubs[1]!), 'license'), []);
  const fedFeed = await feedOf(federation);
  t.same(ids(fedFeed, 'match'), matches.map((m: any) => m.id).sort());
  t.same(ids(fedFeed, 'entry'), [...entries, rejected.id].sort());
  t.same(fedFeed.filter((r) => r[0] === 'competition').map((r) => r[2]), ['created', ...competitionActions]);
  t.equal(ids(fedFeed, 'sanction').length, 1);
  t.same((await feedOf(bystander)).filter((r) => r[0] !== 'season' && r[0] !== 'category'), competitionActions.map((a) => ['competition', competition.id, a, competitionActions.indexOf(a) + 2]));
  t.same(await feedOf(stranger), []);
});

