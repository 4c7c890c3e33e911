import t from 'tap';
import { walkPages } from '../../support/pages.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createSeason } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;

const club = await createClub(service);
const season = await createSeason(service, club.federationId, 'open');
const season2 = await createSeason(service, club.federationId, 'planned');
const teams: any[] = [];
for (let i = 0; i < 5; i++) {
  const res = await club.call('POST', '/v1/club/teams', { name: `Team ${i}`, season_id: i < 3 ? season : season2, category: 'U9', gender: 'male' });
  teams.push(res.body.data);
}
const m = await createMember(service, club, { first_name: 'Noah', last_name: 'Bakker' });
await club.call('PUT', `/v1/club/teams/${teams[1].id}/roster/${m}`, { role: 'player' });
await club.call('PATCH', `/v1/club/teams/${teams[4].id}`, { status: 'archived' });
const other = await createClub(service, undefined);
await other.call('POST', '/v1/club/teams', { name: 'Elsewhere', season_id: await createSeason(service, other.federationId), category: 'U9', gender: 'male' });

const ids = (res: any) => res.body.data.map((x: any) => x.id);

t.test('list items carry roster_size instead of roster, in id order', async (t) => {
  const res = await club.call('GET', '/v1/club/teams');
  t.equal(res.status, 200);
  t.same(ids(res), teams.map((x) => x.id));
  t.same(res.body.meta, { next_cursor: null });
  const item = res.body.data[1];
  t.same(Object.keys(item).sort(), ['category', 'created_at', 'gender', 'id', 'name', 'roster_size', 'season_id', 'status', 'updated_at', 'version']);
  t.same(res.body.data.map((x: any) => x.roster_size), [0, 1, 0, 0, 0]);
  t.equal(item.version, 2);
});

t.test('pages follow the cursor without duplicates or gaps', async (t) => {
  const { ids: seen, pages } = await walkPages(club, '/v1/club/teams?limit=2');
  t.equal(pages, 3);
  t.same(seen, teams.map((x) => x.id));
});

t.test('filters: season_id, status, updated_since', async (t) => {
  t.same(ids(await club.call('GET', `/v1/club/teams?season_id=${season2}`)), [teams[3].id, teams[4].id]);
  t.same(ids(await club.call('GET', '/v1/club/teams?status=archived')), [teams[4].id]);
  t.same(ids(await club.call('GET', '/v1/club/teams?status=active')), teams.slice(0, 4).map((x) => x.id));
  const [{ at }] = await sql`select max(updated_at) as at from teams where id = ${teams[4].id}` as any;
  const since = new Date(at).toISOString();
  const res = await club.call('GET', `/v1/club/teams?updated_since=${encodeURIComponent(since)}`);
  t.same(ids(res), [teams[4].id]);
  t.same(ids(await club.call('GET', '/v1/club/teams?updated_since=2999-01-01T00:00:00Z')), []);
});

t.test('bad queries are 400 invalid_query', async (t) => {
  for (const q of ['sort=name', 'status=deleted', 'season_id=abc', 'limit=0', 'limit=101', 'updated_since=yesterday', 'status=active&status=archived']) {
    const res = await club.call('GET', `/v1/club/teams?${q}`);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_query');
  }
});

t.test('bad cursors are 400 invalid_cursor', async (t) => {
  const first = await club.call('GET', '/v1/club/teams?limit=2');
  const cursor = first.body.meta.next_cursor;
  const forged = (keys: unknown[]) => {
    const [bound] = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    return Buffer.from(JSON.stringify([bound, ...keys])).toString('base64url');
  };
  for (const q of [`cursor=garbage`, `cursor=${cursor}&status=active`, `cursor=${forged(['x1'])}`, `cursor=${forged(['1', '2'])}`]) {
    const res = await club.call('GET', `/v1/club/teams?limit=2&${q}`);
    t.equal(res.status, 400, q);
    t.equal(res.body.code, 'invalid_cursor');
  }
});
