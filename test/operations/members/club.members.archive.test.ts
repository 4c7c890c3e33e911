// club.members.archive: active → archived; an archived member is 409; a stale If-Match 412.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);

const base = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };
const actions = async (club: Tenant) => (await feedOf(club)).map(([, id, action, version]) => `${id}:${action}:${version}`);

t.test('archive from every state', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const path = `/v1/club/members/${m.id}`;
  const archived = await club.call('POST', `${path}/archive`);
  t.equal(archived.status, 200);
  t.match(archived.body.data, { id: m.id, status: 'archived', version: 2, first_name: 'Anna' });
  const again = await club.call('POST', `${path}/archive`, {});
  t.equal(again.status, 409);
  t.equal(again.body.code, 'invalid_state');
  t.equal(again.body.detail, `member ${m.id} is archived; only an active member can be archived`);
  t.equal((await club.call('GET', path)).body.data.status, 'archived');
  t.same(await actions(club), [`${m.id}:created:1`, `${m.id}:archived:2`]);
  const extra = await club.call('POST', `${path}/archive`, { reason: 'x' });
  t.equal(extra.status, 422, 'actions take an empty body');
  t.same(extra.body.errors, [{ path: '/reason', message: 'unknown member' }]);
});

t.test('a stale If-Match on archive and delete is 412 and changes nothing', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const path = `/v1/club/members/${m.id}`;
  const stale = { headers: { 'if-match': '"5"' } };
  t.equal((await club.call('POST', `${path}/archive`, {}, stale)).status, 412);
  t.equal((await club.call('DELETE', path, undefined, stale)).status, 412);
  const now = await club.call('GET', path);
  t.match(now.body.data, { status: 'active', version: 1 });
  t.same(await actions(club), [`${m.id}:created:1`]);
});
