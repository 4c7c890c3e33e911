// club.transfers.list: the club's incoming and outgoing transfers, with filters; others' never appear.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation, createTransfer } from '../../support/factories.js';

const service = await startService(t);

t.test('list: incoming and outgoing, by status and updated_since', async (t) => {
  const federation = await createFederation(service);
  const [club, other, third] = [await createClub(service, federation), await createClub(service, federation), await createClub(service, federation)];
  const outgoing = [await createTransfer(service, club.id, other.id), await createTransfer(service, club.id, third.id, 'released')];
  const incoming = [await createTransfer(service, other.id, club.id, 'approved')];
  const elsewhere = await createTransfer(service, other.id, third.id);
  const ids = async (query: string) => (await walkPages(club, `/v1/club/transfers${query}`)).ids;
  const all = await walkPages(club, '/v1/club/transfers?limit=1');
  t.same(all.ids, [...outgoing, ...incoming]);
  t.equal(all.pages, 3);
  t.notOk(all.ids.includes(elsewhere));
  t.same(await ids('?direction=outgoing'), outgoing);
  t.same(await ids('?direction=incoming'), incoming);
  t.same(await ids('?direction=outgoing&status=released'), [outgoing[1]]);
  const cancelled = await other.call('POST', `/v1/club/transfers/${outgoing[0]}/cancel`);
  t.same(await ids(`?updated_since=${cancelled.body.data.updated_at}`), [outgoing[0]]);
  t.equal((await club.call('GET', '/v1/club/transfers?direction=sideways')).body.code, 'invalid_query');
});
