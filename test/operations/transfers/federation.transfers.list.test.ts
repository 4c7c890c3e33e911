// federation.transfers.list: the federation's transfers by status and club; another federation's never appear.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation, createTransfer } from '../../support/factories.js';

const service = await startService(t);

t.test('federation list: by status and club; another federation\'s transfers never appear', async (t) => {
  const federation = await createFederation(service);
  const [a, b, c] = [await createClub(service, federation), await createClub(service, federation), await createClub(service, federation)];
  const ids = [await createTransfer(service, a.id, b.id), await createTransfer(service, b.id, c.id, 'released'), await createTransfer(service, c.id, a.id, 'approved')];
  const stranger = await createFederation(service);
  const foreign = await createTransfer(service, (await createClub(service, stranger)).id, (await createClub(service, stranger)).id);
  const list = async (query = '') => (await walkPages(federation, `/v1/federation/transfers?limit=2${query}`)).ids;
  t.same(await list(), ids);
  t.same(await list('&status=released'), [ids[1]]);
  t.same(await list(`&club_id=${a.id}`), [ids[0], ids[2]]);
  t.same(await list(`&club_id=${c.id}&status=approved`), [ids[2]]);
  t.notOk((await walkPages(stranger, '/v1/federation/transfers')).ids.some((id) => ids.includes(id)));
  t.same((await walkPages(stranger, '/v1/federation/transfers')).ids, [foreign]);
  const rejected = await federation.call('POST', `/v1/federation/transfers/${ids[0]}/reject`, { reason: 'No' });
  t.same(await list(`&updated_since=${rejected.body.data.updated_at}`), [ids[0]]);
});
