import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createSeason, type Tenant } from '../../support/factories.js';

const service = await startService(t);

async function setup() {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const team = (await club.call('POST', '/v1/club/teams', { name: 'U17', season_id: season, category: 'U17', gender: 'female' })).body.data;
  const m = await createMember(service, club, { first_name: 'Eva', last_name: 'Smit', birth_date: '2009-09-09', gender: 'female' });
  await club.call('PUT', `/v1/club/teams/${team.id}/roster/${m}`, { role: 'player', shirt_number: 4 });
  return { club, team, m, path: `/v1/club/teams/${team.id}/roster/${m}` };
}

const get = async (club: Tenant, teamId: string) => (await club.call('GET', `/v1/club/teams/${teamId}`)).body.data;

t.test('remove answers { id: member_id, deleted }, bumps the team and records the change', async (t) => {
  const { club, team, m, path } = await setup();
  const res = await club.call('DELETE', path);
  t.equal(res.status, 200);
  t.same(res.body, { data: { id: m, deleted: true } });
  const after = await get(club, team.id);
  t.same(after.roster, []);
  t.equal(after.version, 3);
  t.same(await feedOf(club), [['team', team.id, 'created', 1], ['team', team.id, 'updated', 2], ['team', team.id, 'updated', 3]]);
  const again = await club.call('DELETE', path);
  t.equal(again.status, 404);
  t.equal(again.body.code, 'not_found');
  t.equal((await get(club, team.id)).version, 3);
});

t.test('If-Match: stale is 412 and the entry stays', async (t) => {
  const { club, team, path } = await setup();
  const before = await get(club, team.id);
  const stale = await club.call('DELETE', path, undefined, { headers: { 'if-match': '"1"' } });
  t.equal(stale.status, 412);
  t.same(await get(club, team.id), before);
  t.equal((await club.call('DELETE', path, undefined, { headers: { 'if-match': '"2"' } })).status, 200);
});

t.test('a team of another club is 404 and its roster stays', async (t) => {
  const { club, team, path } = await setup();
  const before = await get(club, team.id);
  const intruder = await createClub(service);
  const res = await intruder.call('DELETE', path);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  t.same(await get(club, team.id), before);
  t.same(await feedOf(intruder), []);
});
