import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createSeason, setSeasonStatus } from '../../support/factories.js';

const service = await startService(t);

async function setup() {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const res = await club.call('POST', '/v1/club/teams', { name: 'U11', season_id: season, category: 'U11', gender: 'male' });
  return { club, season, team: res.body.data };
}

t.test('a merge patch changes the given fields, bumps the version and records the change', async (t) => {
  const { club, team } = await setup();
  const season2 = await createSeason(service, club.federationId, 'planned');
  const res = await club.call('PATCH', `/v1/club/teams/${team.id}`, { name: 'U11 Blue', season_id: season2, gender: 'mixed' });
  t.equal(res.status, 200);
  t.same({ ...res.body.data, updated_at: undefined }, { ...team, name: 'U11 Blue', season_id: season2, gender: 'mixed', version: 2, updated_at: undefined });
  t.ok(res.body.data.updated_at >= team.updated_at);
  const got = await club.call('GET', `/v1/club/teams/${team.id}`);
  t.equal(got.headers.get('etag'), '"2"');
  t.same(got.body.data, res.body.data);
  t.same(await feedOf(club), [['team', team.id, 'created', 1], ['team', team.id, 'updated', 2]]);
});

t.test('an empty patch changes nothing', async (t) => {
  const { club, team } = await setup();
  const res = await club.call('PATCH', `/v1/club/teams/${team.id}`, {});
  t.equal(res.status, 200);
  t.same(res.body.data, team);
  t.equal((await feedOf(club)).length, 1);
});

t.test('archive and restore through status', async (t) => {
  const { club, team } = await setup();
  const archived = await club.call('PATCH', `/v1/club/teams/${team.id}`, { status: 'archived' });
  t.equal(archived.body.data.status, 'archived');
  t.equal(archived.body.data.version, 2);
  const restored = await club.call('PATCH', `/v1/club/teams/${team.id}`, { status: 'active' });
  t.equal(restored.body.data.status, 'active');
  t.equal(restored.body.data.version, 3);
});

t.test('season rules: closed is season_closed, foreign is validation_failed; status alone stays possible', async (t) => {
  const { club, team } = await setup();
  const closed = await createSeason(service, club.federationId, 'closed');
  const foreign = await createSeason(service, (await createFederation(service)).id, 'open');
  const toClosed = await club.call('PATCH', `/v1/club/teams/${team.id}`, { season_id: closed });
  t.equal(toClosed.status, 422);
  t.equal(toClosed.body.reason, 'season_closed');
  const toForeign = await club.call('PATCH', `/v1/club/teams/${team.id}`, { season_id: foreign });
  t.equal(toForeign.status, 422);
  t.equal(toForeign.body.code, 'validation_failed');
  t.same(toForeign.body.errors.map((e: any) => e.path), ['/season_id']);
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);

  await setSeasonStatus(service, team.season_id, 'closed');
  const rename = await club.call('PATCH', `/v1/club/teams/${team.id}`, { name: 'Renamed' });
  t.equal(rename.status, 422);
  t.equal(rename.body.reason, 'season_closed');
  const archive = await club.call('PATCH', `/v1/club/teams/${team.id}`, { status: 'archived' });
  t.equal(archive.status, 200);
  t.equal(archive.body.data.status, 'archived');
  t.equal(archive.body.data.name, 'U11');
});

t.test('invalid patches are 422 naming the member and change nothing', async (t) => {
  const { club, team } = await setup();
  const cases: [Record<string, unknown>, string][] = [
    [{ name: null }, '/name'],
    [{ name: '' }, '/name'],
    [{ category: 'x'.repeat(33) }, '/category'],
    [{ gender: 'other' }, '/gender'],
    [{ status: 'deleted' }, '/status'],
    [{ season_id: null }, '/season_id'],
    [{ version: 5 }, '/version'],
    [{ roster: [] }, '/roster'],
    [{ id: '1' }, '/id'],
  ];
  for (const [body, path] of cases) {
    const res = await club.call('PATCH', `/v1/club/teams/${team.id}`, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);
  t.equal((await feedOf(club)).length, 1);
});

t.test('If-Match: stale is 412 and changes nothing, current is applied', async (t) => {
  const { club, team } = await setup();
  const stale = await club.call('PATCH', `/v1/club/teams/${team.id}`, { name: 'Stale' }, { headers: { 'if-match': '"7"' } });
  t.equal(stale.status, 412);
  t.equal(stale.body.code, 'precondition_failed');
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);
  const fresh = await club.call('PATCH', `/v1/club/teams/${team.id}`, { name: 'Fresh' }, { headers: { 'if-match': '"1"' } });
  t.equal(fresh.status, 200);
  t.equal(fresh.body.data.name, 'Fresh');
});

t.test('a team of another club is 404 and stays unchanged', async (t) => {
  const { club, team } = await setup();
  const intruder = await createClub(service);
  for (const headers of [{}, { 'if-match': '"1"' }] as Record<string, string>[]) {
    const res = await intruder.call('PATCH', `/v1/club/teams/${team.id}`, { name: 'Taken' }, { headers });
    t.equal(res.status, 404);
    t.equal(res.body.code, 'not_found');
  }
  t.same((await club.call('GET', `/v1/club/teams/${team.id}`)).body.data, team);
  t.same(await feedOf(intruder), []);
});
