// club.lineups.put: only a club of the match, before kickoff, while scheduled or postponed; only
// rostered players with an approved license for the season and no suspension that day; every
// refused player named. The club sees its own lineup, the federation both.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import {
  addToRoster, createFederation, createLicense, createMatch, createMember, createSanction, createSeason, newClub, openSeasonOf, type Tenant,
} from '../../support/factories.js';

const service = await startService(t);
const put = (club: Tenant, match: string, players: unknown) => club.call('PUT', `/v1/club/matches/${match}/lineup`, { players });
const kickoff = '2099-05-02T13:00:00.000Z';

async function setup(status: 'scheduled' | 'postponed' | 'played' | 'cancelled' = 'scheduled', scheduledAt = kickoff) {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const away = await newClub(service, federation.id);
  const match = await createMatch(service, home, away, { status, scheduled_at: scheduledAt });
  const view = (await federation.call('GET', `/v1/federation/matches/${match}`)).body.data;
  const season = await openSeasonOf(service, federation.id);
  /** A member of the club on its team's roster, licensed for the season unless told otherwise. */
  const player = async (club: Tenant, options: { role?: string; license?: 'approved' | 'requested' | 'suspended' | 'none' | 'other season' } = {}) => {
    const member = await createMember(service, club);
    const team = club.id === home.id ? view.home.team_id : view.away.team_id;
    await addToRoster(service, team, member, options.role ?? 'player');
    const license = options.license ?? 'approved';
    if (license !== 'none') {
      const seasonId = license === 'other season' ? await createSeason(service, federation.id, 'planned') : season;
      await createLicense(service, club.id, { member_id: member, status: license === 'other season' ? 'approved' : license, season_id: seasonId });
    }
    return member;
  };
  const personOf = async (member: string) => (await service.sql`select person_id from members where id = ${member}`)[0]!.person_id as string;
  return { federation, home, away, match, player, personOf };
}

t.test('201 the first time, 200 when replaced; the club sees its own, the federation both with persons', async (t) => {
  const { federation, home, away, match, player, personOf } = await setup();
  const [p1, p2, p3] = [await player(home), await player(home), await player(away)];
  const res = await put(home, match, [{ member_id: p1, shirt_number: 1, starter: true }, { member_id: p2, shirt_number: 12, starter: false }]);
  t.equal(res.status, 201);
  t.equal(res.headers.get('location'), null, 'no Location: the lineup has no GET of its own; club.matches.get shows it');
  t.equal(res.body.data.version, 2);
  t.same(res.body.data.lineup.players, [{ member_id: p1, shirt_number: 1, starter: true }, { member_id: p2, shirt_number: 12, starter: false }]);
  t.equal(res.body.data.lineup.club_id, home.id);
  const replaced = await put(home, match, [{ member_id: p2, shirt_number: 9, starter: true }]);
  t.equal(replaced.status, 200);
  t.same(replaced.body.data.lineup.players, [{ member_id: p2, shirt_number: 9, starter: true }]);
  t.equal((await away.call('GET', `/v1/club/matches/${match}`)).body.data.lineup, null, 'the other club does not see it');
  t.equal((await put(away, match, [{ member_id: p3, shirt_number: 5, starter: true }])).status, 201);
  const both = (await federation.call('GET', `/v1/federation/matches/${match}`)).body.data.lineups;
  t.same(both.map((l: any) => [l.club_id, l.players]).sort(), [
    [home.id, [{ person_id: await personOf(p2), shirt_number: 9, starter: true }]],
    [away.id, [{ person_id: await personOf(p3), shirt_number: 5, starter: true }]],
  ].sort());
  t.same((await feedOf(federation)).filter((r) => r[0] === 'match').map((r) => r[3]), [2, 3, 4]);
});

t.test('not a rostered player, or no approved license for the season: 422 player_not_eligible naming each', async (t) => {
  const { home, match, player } = await setup();
  const ok = await player(home);
  const refused = [await player(home, { role: 'coach' }), await player(home, { license: 'none' }), await player(home, { license: 'requested' }),
    await player(home, { license: 'suspended' }), await player(home, { license: 'other season' })];
  const unrostered = await createMember(service, home);
  await createLicense(service, home.id, { member_id: unrostered, status: 'approved' });
  const all = [ok, ...refused, unrostered];
  const res = await put(home, match, all.map((m, i) => ({ member_id: m, shirt_number: i + 1, starter: i < 3 })));
  t.equal(res.status, 422);
  t.equal(res.body.code, 'rule_violation');
  t.equal(res.body.reason, 'player_not_eligible');
  t.same(res.body.errors.map((e: any) => [e.path, e.reason]), [1, 2, 3, 4, 5, 6].map((i) => [`/players/${i}/member_id`, 'player_not_eligible']));
  t.equal((await home.call('GET', `/v1/club/matches/${match}`)).body.data.lineup, null);
});

t.test('a suspension covering the match day: 422 player_suspended; lifted, ended or later ones do not count', async (t) => {
  const { federation, home, match, player, personOf } = await setup();
  const [banned, open, lifted, ended, later] = [await player(home), await player(home), await player(home), await player(home), await player(home)];
  await createSanction(service, federation.id, { person: await personOf(banned) }, { starts_on: '2099-05-01', ends_on: '2099-05-02' });
  await createSanction(service, federation.id, { person: await personOf(open) }, { starts_on: '2099-01-01', ends_on: null });
  await createSanction(service, federation.id, { person: await personOf(lifted) }, { starts_on: '2099-01-01', status: 'lifted' });
  await createSanction(service, federation.id, { person: await personOf(ended) }, { starts_on: '2099-04-01', ends_on: '2099-05-01' });
  await createSanction(service, federation.id, { person: await personOf(later) }, { starts_on: '2099-05-03' });
  await createSanction(service, federation.id, { person: await personOf(later) }, { kind: 'warning', starts_on: '2099-01-01' });
  const res = await put(home, match, [banned, open, lifted, ended, later].map((m, i) => ({ member_id: m, shirt_number: i + 1, starter: true })));
  t.equal(res.status, 422);
  t.equal(res.body.reason, 'player_suspended');
  t.same(res.body.errors.map((e: any) => [e.path, e.reason]), [['/players/0/member_id', 'player_suspended'], ['/players/1/member_id', 'player_suspended']]);
  t.equal((await put(home, match, [lifted, ended, later].map((m, i) => ({ member_id: m, shirt_number: i + 1, starter: true })))).status, 201);
});

t.test('both kinds of refusal at once: player_not_eligible, each entry with its own reason', async (t) => {
  const { federation, home, match, player, personOf } = await setup();
  const banned = await player(home);
  await createSanction(service, federation.id, { person: await personOf(banned) }, { starts_on: '2099-01-01' });
  const res = await put(home, match, [{ member_id: banned, shirt_number: 4, starter: true }, { member_id: await player(home, { license: 'none' }), shirt_number: 5, starter: true }]);
  t.equal(res.body.reason, 'player_not_eligible');
  t.same(res.body.errors.map((e: any) => e.reason), ['player_suspended', 'player_not_eligible']);
});

t.test('another club\'s member, repeated players or shirts, or a bad size: 422 validation_failed naming the field', async (t) => {
  const { home, away, match, player } = await setup();
  const [a, b, theirs] = [await player(home), await player(home), await player(away)];
  const cases: [unknown, string[]][] = [
    [[{ member_id: a, shirt_number: 1, starter: true }, { member_id: theirs, shirt_number: 2, starter: true }], ['/players/1/member_id']],
    [[{ member_id: a, shirt_number: 1, starter: true }, { member_id: a, shirt_number: 2, starter: true }], ['/players/1/member_id']],
    [[{ member_id: a, shirt_number: 7, starter: true }, { member_id: b, shirt_number: 7, starter: false }], ['/players/1/shirt_number']],
    [[], ['/players']],
    [Array.from({ length: 31 }, (_, i) => ({ member_id: a, shirt_number: i + 1, starter: true })), ['/players']],
    [[{ member_id: a, shirt_number: 100, starter: true }], ['/players/0/shirt_number']],
    [[{ member_id: a, shirt_number: 1 }], ['/players/0/starter']],
  ];
  for (const [players, paths] of cases) {
    const res = await put(home, match, players);
    t.equal(res.status, 422, JSON.stringify(players).slice(0, 80));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path), paths);
  }
  t.equal((await home.call('GET', `/v1/club/matches/${match}`)).body.data.version, 1);
});

t.test('after kickoff, or a played or cancelled match: 409 invalid_state; a postponed one before kickoff is fine', async (t) => {
  const started = await setup('scheduled', '2020-05-02T13:00:00.000Z');
  const late = await put(started.home, started.match, [{ member_id: await started.player(started.home), shirt_number: 1, starter: true }]);
  t.equal(late.status, 409);
  t.equal(late.body.code, 'invalid_state');
  t.match(late.body.detail, /kickoff/);
  for (const status of ['played', 'cancelled'] as const) {
    const s = await setup(status);
    const res = await put(s.home, s.match, [{ member_id: await s.player(s.home), shirt_number: 1, starter: true }]);
    t.equal(res.status, 409, status);
  }
  const postponed = await setup('postponed');
  t.equal((await put(postponed.home, postponed.match, [{ member_id: await postponed.player(postponed.home), shirt_number: 1, starter: true }])).status, 201);
});

t.test('a club not party to the match is 404', async (t) => {
  const { federation, match } = await setup();
  const outsider = await newClub(service, federation.id);
  const res = await put(outsider, match, [{ member_id: await createMember(service, outsider), shirt_number: 1, starter: true }]);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
});
