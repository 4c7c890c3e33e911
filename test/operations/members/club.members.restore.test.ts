// club.members.restore: archived → active, in the club's feed; an active member is 409, another club's
// 404, a body member 422, a stale If-Match 412, none changing anything.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createMember, newClub } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);

t.test('an archived member is restored: active, version bumped, in the feed', async (t) => {
  const club = await createClub(service);
  const id = await createMember(service, club, { status: 'archived', first_name: 'Anna' });
  const restored = await club.call('POST', `/v1/club/members/${id}/restore`, {}, { headers: { 'if-match': '"1"' } });
  t.equal(restored.status, 200);
  t.match(restored.body.data, { id, status: 'active', version: 2, first_name: 'Anna' });
  t.same((await club.call('GET', `/v1/club/members/${id}`)).body.data, restored.body.data);
  t.same(await feedOf(club), [['member', id, 'restored', 2]]);
});

t.test('refusals: an active member 409, another club\'s 404, a body 422, a stale If-Match 412; nothing changes', async (t) => {
  const club = await createClub(service);
  const active = await createMember(service, club);
  const wrong = await club.call('POST', `/v1/club/members/${active}/restore`, {});
  t.equal(wrong.status, 409);
  t.equal(wrong.body.code, 'invalid_state');
  t.equal(wrong.body.detail, `member ${active} is active; only an archived member can be restored`);
  const archived = await createMember(service, club, { status: 'archived' });
  const neighbour = await newClub(service, club.federationId);
  t.equal((await neighbour.call('POST', `/v1/club/members/${archived}/restore`, {})).status, 404);
  const extra = await club.call('POST', `/v1/club/members/${archived}/restore`, { reason: 'x' });
  t.equal(extra.status, 422);
  t.same(extra.body.errors, [{ path: '/reason', message: 'unknown member' }]);
  t.equal((await club.call('POST', `/v1/club/members/${archived}/restore`, {}, { headers: { 'if-match': '"5"' } })).status, 412);
  t.same(await service.sql`select status, version from members where id in ${service.sql([active, archived])} order by id`,
    [{ status: 'active', version: 1 }, { status: 'archived', version: 1 }]);
  t.same(await feedOf(club), []);
});
