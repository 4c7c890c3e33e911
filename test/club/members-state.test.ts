import t from 'tap';
import { startService } from '../support/harness.js';
import { createClub, createSeason } from '../support/factories.js';

const service = await startService(t);

const base = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };
const actions = async (club: { call: (m: string, p: string) => Promise<any> }) =>
  (await club.call('GET', '/v1/club/changes?limit=100')).body.data.map((c: any) => `${c.resource_id}:${c.action}:${c.version}`);

t.test('archive and restore from every state', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const path = `/v1/club/members/${m.id}`;
  const wrongRestore = await club.call('POST', `${path}/restore`, {});
  t.equal(wrongRestore.status, 409);
  t.equal(wrongRestore.body.code, 'invalid_state');
  t.equal(wrongRestore.body.detail, `member ${m.id} is active; only an archived member can be restored`);
  const archived = await club.call('POST', `${path}/archive`);
  t.equal(archived.status, 200);
  t.match(archived.body.data, { id: m.id, status: 'archived', version: 2, first_name: 'Anna' });
  const again = await club.call('POST', `${path}/archive`, {});
  t.equal(again.status, 409);
  t.equal(again.body.code, 'invalid_state');
  t.equal(again.body.detail, `member ${m.id} is archived; only an active member can be archived`);
  const restored = await club.call('POST', `${path}/restore`, {}, { headers: { 'if-match': '"2"' } });
  t.equal(restored.status, 200);
  t.match(restored.body.data, { status: 'active', version: 3 });
  t.equal((await club.call('GET', path)).body.data.status, 'active');
  t.same(await actions(club), [`${m.id}:created:1`, `${m.id}:archived:2`, `${m.id}:restored:3`]);
  const extra = await club.call('POST', `${path}/archive`, { reason: 'x' });
  t.equal(extra.status, 422, 'actions take an empty body');
  t.same(extra.body.errors, [{ path: '/reason', message: 'unknown member' }]);
});

t.test('a stale If-Match on archive, restore and delete is 412 and changes nothing', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const path = `/v1/club/members/${m.id}`;
  const stale = { headers: { 'if-match': '"5"' } };
  t.equal((await club.call('POST', `${path}/archive`, {}, stale)).status, 412);
  t.equal((await club.call('DELETE', path, undefined, stale)).status, 412);
  await club.call('POST', `${path}/archive`, {});
  t.equal((await club.call('POST', `${path}/restore`, {}, stale)).status, 412);
  const now = await club.call('GET', path);
  t.match(now.body.data, { status: 'archived', version: 2 });
  t.same(await actions(club), [`${m.id}:created:1`, `${m.id}:archived:2`]);
});

t.test('delete erases the member; the feed keeps only the id', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', { ...base, external_ref: 'gone' })).body.data;
  const keep = (await club.call('POST', '/v1/club/members', base)).body.data;
  const path = `/v1/club/members/${m.id}`;
  const res = await club.call('DELETE', path, undefined, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.same(res.body, { data: { id: m.id, deleted: true } });
  t.equal((await club.call('GET', path)).status, 404);
  t.equal((await club.call('DELETE', path)).status, 404, 'a second delete finds nothing');
  const [row] = await service.sql`select count(*)::int as n from members where id = ${m.id}`;
  t.equal(row!.n, 0, 'the row is gone');
  t.same((await club.call('GET', '/v1/club/members')).body.data.map((x: any) => x.id), [keep.id]);
  t.same(await actions(club), [`${m.id}:created:1`, `${keep.id}:created:1`, `${m.id}:deleted:null`]);
  const reused = await club.call('POST', '/v1/club/members', { ...base, external_ref: 'gone' });
  t.equal(reused.status, 201, 'the external_ref is free again');
});

t.test('an archived member can be deleted', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  await club.call('POST', `/v1/club/members/${m.id}/archive`, {});
  const res = await club.call('DELETE', `/v1/club/members/${m.id}`);
  t.equal(res.status, 200);
  t.same(res.body.data, { id: m.id, deleted: true });
});

t.test('deleting a member on a roster takes the roster entry with it and bumps the team', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const season = await createSeason(service.sql, club.federationId, 'open');
  const [team] = await service.sql`insert into teams (club_id, name, season_id, category, gender)
    values (${club.id}, 'U12', ${season}, 'U12', 'mixed') returning id`;
  await service.sql`insert into roster_entries (team_id, member_id, role) values (${team!.id}, ${m.id}, 'player')`;
  t.equal((await club.call('DELETE', `/v1/club/members/${m.id}`)).status, 200);
  const [left] = await service.sql`select count(*)::int as n from roster_entries where member_id = ${m.id}`;
  t.equal(left!.n, 0);
  const got = await club.call('GET', `/v1/club/teams/${team!.id}`);
  t.equal(got.body.data.version, 2);
  t.same(got.body.data.roster, []);
  t.same((await actions(club)).slice(-2), [`${team!.id}:updated:2`, `${m.id}:deleted:null`]);
});
