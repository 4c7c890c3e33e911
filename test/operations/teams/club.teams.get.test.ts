// club.teams.get: the club's own team with its roster and ETag; another club's team is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { addToRoster, createClub, createMember, createSeason, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get answers the team as create answered it, then with its roster', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const team = (await club.call('POST', '/v1/club/teams', { name: 'U13 Girls', season_id: season, category: 'U13', gender: 'female' })).body.data;
  const got = await club.call('GET', `/v1/club/teams/${team.id}`);
  t.equal(got.status, 200);
  t.equal(got.headers.get('etag'), '"1"');
  t.same(got.body.data, team);
  const member = await createMember(service, club);
  await addToRoster(service, team.id, member, 'player', 7);
  t.match((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data.roster, [{ member_id: member, role: 'player', shirt_number: 7 }]);
});

t.test('a team of another club of the same federation is 404, with nothing leaked', async (t) => {
  const owner = await createClub(service);
  const season = await createSeason(service, owner.federationId, 'open');
  const created = await owner.call('POST', '/v1/club/teams', { name: 'Mine', season_id: season, category: 'U9', gender: 'male' });
  const intruder = await newClub(service, owner.federationId);
  const res = await intruder.call('GET', `/v1/club/teams/${created.body.data.id}`);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
  t.equal(res.body.data, undefined);
  t.notMatch(res.body.detail, /Mine/);
  t.equal((await intruder.call('GET', '/v1/club/teams/999999999999')).status, 404);
});
