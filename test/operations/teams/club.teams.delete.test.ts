import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createSeason } from '../../support/factories.js';

const service = await startService(t);


async function setup() {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const res = await club.call('POST', '/v1/club/teams', { name: 'U15', season_id: season, category: 'U15', gender: 'female' });
  return { club, team: res.body.data };
}

t.test('delete answers { id, deleted }, erases the roster and detaches activities', async (t) => {
  const { club, team } = await setup();
  const m = await createMember(service, club);
  t.equal((await club.call('PUT', `/v1/club/teams/${team.id}/roster/${m}`, { role: 'player', shirt_number: 7 })).status, 201);
  const activity = (await club.call('POST', '/v1/club/activities', {
    kind: 'training', title: 'Practice', team_id: team.id, starts_at: '2030-01-01T18:00:00Z', ends_at: '2030-01-01T19:30:00Z',
  })).body.data;

  const res = await club.call('DELETE', `/v1/club/teams/${team.id}`);
  t.equal(res.status, 200);
  t.same(res.body, { data: { id: team.id, deleted: true } });
  t.equal((await club.call('GET', `/v1/club/teams/${team.id}`)).status, 404);
  t.same(await service.sql`select 1 from roster_entries where team_id = ${team.id}`, []);
  const after = (await club.call('GET', `/v1/club/activities/${activity.id}`)).body.data;
  t.equal(after.team_id, null);
  t.equal(after.version, 2);
  t.same(await feedOf(club), [
    ['team', team.id, 'created', 1], ['team', team.id, 'updated', 2], ['activity', activity.id, 'created', 1],
    ['activity', activity.id, 'updated', 2], ['team', team.id, 'deleted', null],
  ]);
  t.equal((await club.call('DELETE', `/v1/club/teams/${team.id}`)).status, 404);
});

t.test('If-Match: stale is 412 and deletes nothing; current deletes', async (t) => {
  const { club, team } = await setup();
  const stale = await club.call('DELETE', `/v1/club/teams/${team.id}`, undefined, { headers: { 'if-match': '"2"' } });
  t.equal(stale.status, 412);
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);
  const fresh = await club.call('DELETE', `/v1/club/teams/${team.id}`, undefined, { headers: { 'if-match': '"1"' } });
  t.equal(fresh.status, 200);
});

t.test('a team of another club is 404 and survives', async (t) => {
  const { club, team } = await setup();
  const intruder = await createClub(service);
  const res = await intruder.call('DELETE', `/v1/club/teams/${team.id}`);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);
  t.same(await feedOf(intruder), []);
});
