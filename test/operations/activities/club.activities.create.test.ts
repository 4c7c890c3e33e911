import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createSeason, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;

const count = async (clubId: string) => ((await sql`select count(*)::int as n from activities where club_id = ${clubId}`)[0]!.n as number);

async function teamOf(club: Tenant): Promise<string> {
  const season = await createSeason(service, club.federationId, 'open');
  return (await club.call('POST', '/v1/club/teams', { name: 'U9', season_id: season, category: 'U9', gender: 'mixed' })).body.data.id;
}

t.test('create answers 201 with Location and the activity with its attendance', async (t) => {
  const club = await createClub(service);
  const team = await teamOf(club);
  const res = await club.call('POST', '/v1/club/activities', {
    kind: 'match', title: ' Friendly ', team_id: team, starts_at: '2030-05-01T16:00:00+02:00', ends_at: '2030-05-01T15:30:00.250Z',
    location: 'Field 2', notes: 'Bring both kits',
  });
  t.equal(res.status, 201);
  const a = res.body.data;
  t.equal(res.headers.get('location'), `/v1/club/activities/${a.id}`);
  t.same(Object.keys(a).sort(), ['attendance', 'cancel_reason', 'created_at', 'ends_at', 'id', 'kind', 'location', 'notes',
    'starts_at', 'status', 'team_id', 'title', 'updated_at', 'version']);
  t.same({ ...a, id: undefined, created_at: undefined, updated_at: undefined }, {
    kind: 'match', title: 'Friendly', team_id: team, starts_at: '2030-05-01T14:00:00.000Z', ends_at: '2030-05-01T15:30:00.250Z',
    location: 'Field 2', notes: 'Bring both kits', status: 'scheduled', cancel_reason: null, attendance: [], version: 1,
    id: undefined, created_at: undefined, updated_at: undefined,
  });
  t.same(await feedOf(club), [['team', team, 'created', 1], ['activity', a.id, 'created', 1]]);
});

t.test('optional members default to null, sub-millisecond digits are dropped', async (t) => {
  const club = await createClub(service);
  const res = await club.call('POST', '/v1/club/activities', {
    kind: 'meeting', title: 'AGM', starts_at: '2030-01-01T19:00:00.123456Z', ends_at: '2030-01-01T21:00:00Z',
  });
  t.equal(res.status, 201);
  t.equal(res.body.data.team_id, null);
  t.equal(res.body.data.location, null);
  t.equal(res.body.data.notes, null);
  t.equal(res.body.data.starts_at, '2030-01-01T19:00:00.123Z');
});

t.test('ends_at not after starts_at is 422 on /ends_at', async (t) => {
  const club = await createClub(service);
  for (const ends of ['2030-01-01T10:00:00Z', '2030-01-01T09:59:59.999Z']) {
    const res = await club.call('POST', '/v1/club/activities', { kind: 'training', title: 'T', starts_at: '2030-01-01T10:00:00Z', ends_at: ends });
    t.equal(res.status, 422);
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors, [{ path: '/ends_at', message: 'must be after starts_at' }]);
  }
  t.equal(await count(club.id), 0);
});

t.test('a team of another club is 422 on /team_id', async (t) => {
  const club = await createClub(service);
  const otherTeam = await teamOf(await createClub(service));
  const res = await club.call('POST', '/v1/club/activities', {
    kind: 'training', title: 'T', team_id: otherTeam, starts_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-01T11:00:00Z',
  });
  t.equal(res.status, 422);
  t.same(res.body.errors, [{ path: '/team_id', message: 'no such team in the club' }]);
  t.equal(await count(club.id), 0);
});

t.test('invalid bodies are 422 with JSON Pointer paths and create nothing', async (t) => {
  const club = await createClub(service);
  const valid = { kind: 'training', title: 'T', starts_at: '2030-01-01T10:00:00Z', ends_at: '2030-01-01T11:00:00Z' };
  const cases: [Record<string, unknown>, string[]][] = [
    [{ ...valid, kind: 'party' }, ['/kind']],
    [{ ...valid, title: '' }, ['/title']],
    [{ ...valid, title: 'x'.repeat(121) }, ['/title']],
    [{ ...valid, starts_at: '2030-01-01 10:00' }, ['/starts_at']],
    [{ ...valid, ends_at: '2030-02-30T10:00:00Z' }, ['/ends_at']],
    [{ ...valid, location: 'x'.repeat(201) }, ['/location']],
    [{ ...valid, notes: 'x'.repeat(2001) }, ['/notes']],
    [{ ...valid, team_id: 5 }, ['/team_id']],
    [{ ...valid, status: 'cancelled' }, ['/status']],
    [{ title: 'T' }, ['/kind', '/starts_at', '/ends_at']],
  ];
  for (const [body, paths] of cases) {
    const res = await club.call('POST', '/v1/club/activities', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path).sort(), [...paths].sort());
  }
  t.equal(await count(club.id), 0);
});
