import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createSeason, type Tenant } from '../../support/factories.js';

const service = await startService(t);

async function setup() {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const team = (await club.call('POST', '/v1/club/teams', { name: 'U13', season_id: season, category: 'U13', gender: 'male' })).body.data;
  return { club, team, path: (m: string) => `/v1/club/teams/${team.id}/roster/${m}` };
}

const roster = async (club: Tenant, teamId: string) => (await club.call('GET', `/v1/club/teams/${teamId}`)).body.data;

t.test('adding is 201 (no Location: club.teams.get shows it), changing is 200; each bumps the team and records a change', async (t) => {
  const { club, team, path } = await setup();
  const m = await createMember(service, club);
  const added = await club.call('PUT', path(m), { role: 'player', shirt_number: 10 });
  t.equal(added.status, 201);
  t.equal(added.headers.get('location'), null, 'no Location: the entry has no GET of its own; club.teams.get shows it');
  t.equal(added.body.data.id, team.id);
  t.equal(added.body.data.version, 2);
  t.equal(added.body.data.roster.length, 1);
  const entry = added.body.data.roster[0];
  t.same(Object.keys(entry).sort(), ['added_at', 'member_id', 'role', 'shirt_number']);
  t.same({ ...entry, added_at: undefined }, { member_id: m, role: 'player', shirt_number: 10, added_at: undefined });
  t.match(entry.added_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

  const changed = await club.call('PUT', path(m), { role: 'coach' });
  t.equal(changed.status, 200);
  t.equal(changed.headers.get('location'), null);
  t.same(changed.body.data.roster, [{ member_id: m, role: 'coach', shirt_number: null, added_at: entry.added_at }]);
  t.equal(changed.body.data.version, 3);

  const same = await club.call('PUT', path(m), { role: 'coach', shirt_number: null });
  t.equal(same.status, 200);
  t.equal(same.body.data.version, 3);
  const got = await club.call('GET', `/v1/club/teams/${team.id}`);
  t.equal(got.headers.get('etag'), '"3"');
  t.same(await feedOf(club), [['team', team.id, 'created', 1], ['team', team.id, 'updated', 2], ['team', team.id, 'updated', 3]]);
});

t.test('shirt numbers are unique among players only: 409 conflict', async (t) => {
  const { club, team, path } = await setup();
  const [a, b, c] = [await createMember(service, club), await createMember(service, club), await createMember(service, club)];
  t.equal((await club.call('PUT', path(a), { role: 'player', shirt_number: 9 })).status, 201);
  const clash = await club.call('PUT', path(b), { role: 'player', shirt_number: 9 });
  t.equal(clash.status, 409);
  t.equal(clash.body.code, 'conflict');
  t.equal(clash.body.detail, 'another player of the team wears this shirt number');
  t.equal((await club.call('PUT', path(c), { role: 'manager', shirt_number: 9 })).status, 201);
  t.equal((await club.call('PUT', path(b), { role: 'player', shirt_number: 99 })).status, 201);
  const move = await club.call('PUT', path(c), { role: 'player', shirt_number: 99 });
  t.equal(move.status, 409);
  const after = await roster(club, team.id);
  t.same(after.roster.map((r: any) => [r.member_id, r.role, r.shirt_number]), [[a, 'player', 9], [b, 'player', 99], [c, 'manager', 9]].sort((x, y) => Number(x[0]) - Number(y[0])));
  t.equal(after.version, 4);
});

t.test('an archived member is 422 member_archived', async (t) => {
  const { club, team, path } = await setup();
  const m = await createMember(service, club, { status: 'archived' });
  const res = await club.call('PUT', path(m), { role: 'player' });
  t.equal(res.status, 422);
  t.equal(res.body.code, 'rule_violation');
  t.equal(res.body.reason, 'member_archived');
  t.same((await roster(club, team.id)).roster, []);
});

t.test('invalid bodies are 422 and change nothing', async (t) => {
  const { club, team, path } = await setup();
  const m = await createMember(service, club);
  const cases: [unknown, string][] = [
    [{}, '/role'], [{ role: 'captain' }, '/role'], [{ role: 'player', shirt_number: 0 }, '/shirt_number'],
    [{ role: 'player', shirt_number: 100 }, '/shirt_number'], [{ role: 'player', shirt_number: 7.5 }, '/shirt_number'],
    [{ role: 'player', shirt_number: '7' }, '/shirt_number'], [{ role: 'player', captain: true }, '/captain'],
  ];
  for (const [body, pointer] of cases) {
    const res = await club.call('PUT', path(m), body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.same(res.body.errors.map((e: any) => e.path), [pointer]);
  }
  t.same(await roster(club, team.id), team);
});

t.test('If-Match on the team version: stale is 412, current applies', async (t) => {
  const { club, team, path } = await setup();
  const m = await createMember(service, club);
  const stale = await club.call('PUT', path(m), { role: 'player' }, { headers: { 'if-match': '"2"' } });
  t.equal(stale.status, 412);
  t.same(await roster(club, team.id), team);
  const fresh = await club.call('PUT', path(m), { role: 'player' }, { headers: { 'if-match': '"1"' } });
  t.equal(fresh.status, 201);
});

t.test('a team or a member of another club is 404 and changes nothing', async (t) => {
  const { club, team, path } = await setup();
  const intruder = await createClub(service);
  const theirs = await createMember(service, intruder);
  const mine = await createMember(service, club);
  const foreignMember = await club.call('PUT', path(theirs), { role: 'player' });
  t.equal(foreignMember.status, 404);
  t.equal(foreignMember.body.code, 'not_found');
  const foreignTeam = await intruder.call('PUT', `/v1/club/teams/${team.id}/roster/${theirs}`, { role: 'player' });
  t.equal(foreignTeam.status, 404);
  t.equal((await intruder.call('PUT', `/v1/club/teams/${team.id}/roster/${mine}`, { role: 'player' })).status, 404);
  t.same(await roster(club, team.id), team);
  t.same(await feedOf(intruder), []);
});
