// federation.clubs.list: the federation's clubs by id, with their counts and filters.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('list: the federation\'s clubs by id, by status and updated_since, never another\'s', async (t) => {
  const federation = await createFederation(service);
  const clubs = [await createClub(service, federation), await createClub(service, federation), await createClub(service, federation)];
  const stranger = await createClub(service);
  const all = await walkPages<any>(federation, '/v1/federation/clubs?limit=2');
  t.same(all.ids, clubs.map((c) => c.id));
  t.notOk(all.ids.includes(stranger.id));
  t.ok(all.rows.every((c) => c.counts.members_licensed === 0 && c.counts.teams === 0));
  const suspended = await federation.call('POST', `/v1/federation/clubs/${clubs[1]!.id}/suspend`, { reason: 'Unpaid' });
  t.same((await walkPages(federation, '/v1/federation/clubs?status=suspended')).ids, [clubs[1]!.id]);
  t.same((await walkPages(federation, '/v1/federation/clubs?status=active')).ids, [clubs[0]!.id, clubs[2]!.id]);
  t.same((await walkPages(federation, `/v1/federation/clubs?updated_since=${suspended.body.data.updated_at}`)).ids, [clubs[1]!.id]);
});
