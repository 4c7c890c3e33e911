// club.teams.create: a new active team of an open or planned season; bad bodies 422 and nothing created.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;

async function teamCount(clubId: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from teams where club_id = ${clubId}`;
  return row!.n as number;
}

t.test('create answers 201 with Location and the team with its empty roster', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const res = await club.call('POST', '/v1/club/teams', { name: ' U13 Girls ', season_id: season, category: 'U13', gender: 'female' });
  t.equal(res.status, 201);
  const team = res.body.data;
  t.match(team.id, /^[1-9][0-9]*$/);
  t.equal(res.headers.get('location'), `/v1/club/teams/${team.id}`);
  t.same(Object.keys(team).sort(), ['category', 'created_at', 'gender', 'id', 'name', 'roster', 'season_id', 'status', 'updated_at', 'version']);
  t.equal(team.name, 'U13 Girls');
  t.equal(team.season_id, season);
  t.equal(team.category, 'U13');
  t.equal(team.gender, 'female');
  t.equal(team.status, 'active');
  t.same(team.roster, []);
  t.equal(team.version, 1);
  t.match(team.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  t.equal(team.updated_at, team.created_at);

  t.same(await feedOf(club), [['team', team.id, 'created', 1]]);
});

t.test('a season that is planned is accepted', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'planned');
  const res = await club.call('POST', '/v1/club/teams', { name: 'Seniors', season_id: season, category: 'SEN', gender: 'mixed' });
  t.equal(res.status, 201);
  t.equal(res.body.data.gender, 'mixed');
});

t.test('a closed season is 422 season_closed and creates nothing', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'closed');
  const res = await club.call('POST', '/v1/club/teams', { name: 'Old', season_id: season, category: 'U9', gender: 'male' });
  t.equal(res.status, 422);
  t.equal(res.body.code, 'rule_violation');
  t.equal(res.body.reason, 'season_closed');
  t.equal(await teamCount(club.id), 0);
  t.same(await feedOf(club), []);
});

t.test('a season of another federation, or none, is 422 validation_failed on /season_id', async (t) => {
  const club = await createClub(service);
  const other = await createFederation(service);
  const foreign = await createSeason(service, other.id, 'open');
  for (const seasonId of [foreign, '999999999999']) {
    const res = await club.call('POST', '/v1/club/teams', { name: 'X', season_id: seasonId, category: 'U9', gender: 'male' });
    t.equal(res.status, 422);
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors, [{ path: '/season_id', message: 'no such season in the club' }]);
  }
  t.equal(await teamCount(club.id), 0);
});

t.test('invalid bodies are 422 with JSON Pointer paths and create nothing', async (t) => {
  const club = await createClub(service);
  const season = await createSeason(service, club.federationId, 'open');
  const valid = { name: 'A', season_id: season, category: 'U9', gender: 'male' };
  const cases: [Record<string, unknown>, string[]][] = [
    [{ ...valid, name: '' }, ['/name']],
    [{ ...valid, name: 'x'.repeat(81) }, ['/name']],
    [{ ...valid, category: 'x'.repeat(33) }, ['/category']],
    [{ ...valid, gender: 'female ' }, ['/gender']],
    [{ ...valid, season_id: Number(season) }, ['/season_id']],
    [{ ...valid, status: 'archived' }, ['/status']],
    [{ ...valid, roster: [] }, ['/roster']],
    [{ name: 'A' }, ['/season_id', '/category', '/gender']],
  ];
  for (const [body, paths] of cases) {
    const res = await club.call('POST', '/v1/club/teams', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path).sort(), [...paths].sort());
  }
  t.equal(await teamCount(club.id), 0);
});
