import t from 'tap';
import { startService } from '../../support/harness.js';
import { addToRoster, createClub, createTeam, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);

const base = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };
const actions = async (club: Tenant) => (await feedOf(club)).map(([, id, action, version]) => `${id}:${action}:${version}`);

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
  const team = { id: await createTeam(service, club) };
  await addToRoster(service, team.id, m.id);
  t.equal((await club.call('DELETE', `/v1/club/members/${m.id}`)).status, 200);
  const [left] = await service.sql`select count(*)::int as n from roster_entries where member_id = ${m.id}`;
  t.equal(left!.n, 0);
  const got = await club.call('GET', `/v1/club/teams/${team.id}`);
  t.equal(got.body.data.version, 2);
  t.same(got.body.data.roster, []);
  t.same((await actions(club)).slice(-2), [`${team.id}:updated:2`, `${m.id}:deleted:null`]);
});
