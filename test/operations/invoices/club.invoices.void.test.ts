import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createInvoice } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);

t.test('void turns an open invoice without payments void, with its reason', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const res = await club.call('POST', `/v1/club/invoices/${id}/void`, { reason: ' Issued twice ' }, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"2"');
  t.match(res.body.data, { id, status: 'void', void_reason: 'Issued twice', amount: 1000, amount_paid: 0, balance: 1000, version: 2 });
  t.same(res.body.data.lines, [{ description: 'Membership', amount: 1000 }]);
  t.same((await feedOf(club)).filter(([type]) => type === 'invoice'), [['invoice', id, 'voided', 2]]);
  const bare = await createInvoice(service, club);
  const noReason = await club.call('POST', `/v1/club/invoices/${bare}/void`);
  t.equal(noReason.status, 200, 'the body is optional');
  t.equal(noReason.body.data.void_reason, null);
});

t.test('an open invoice with a payment cannot be voided: 409 invalid_state, nothing changes', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  await club.call('POST', `/v1/club/invoices/${id}/payments`, { amount: 1, method: 'cash' });
  const before = (await club.call('GET', `/v1/club/invoices/${id}`)).body.data;
  const feed = await feedOf(club);
  const res = await club.call('POST', `/v1/club/invoices/${id}/void`, { reason: 'x' });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.equal(res.body.detail, `invoice ${id} has payments; only an open invoice without payments can be voided`);
  t.same((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, before);
  t.same(await feedOf(club), feed);
});

t.test('a paid or void invoice cannot be voided: 409 invalid_state, nothing changes', async (t) => {
  const club = await createClub(service);
  for (const state of ['paid', 'void'] as const) {
    const id = await createInvoice(service, club, { status: state });
    const before = (await club.call('GET', `/v1/club/invoices/${id}`)).body.data;
    const res = await club.call('POST', `/v1/club/invoices/${id}/void`, {});
    t.equal(res.status, 409, state);
    t.equal(res.body.code, 'invalid_state');
    t.equal(res.body.detail, `invoice ${id} is ${state}; only an open invoice can be voided`);
    t.same((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, before);
  }
});

t.test('bad bodies are 422, a stale If-Match 412, another club\'s invoice 404: none changes the invoice', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const id = await createInvoice(service, club);
  for (const [body, path] of [[{ reason: '' }, '/reason'], [{ reason: 'x'.repeat(501) }, '/reason'], [{ void_reason: 'x' }, '/void_reason']] as const) {
    const res = await club.call('POST', `/v1/club/invoices/${id}/void`, body);
    t.equal(res.status, 422);
    t.same(res.body.errors.map((e: { path: string }) => e.path), [path]);
  }
  t.equal((await club.call('POST', `/v1/club/invoices/${id}/void`, {}, { headers: { 'if-match': '"2"' } })).status, 412);
  const foreign = await other.call('POST', `/v1/club/invoices/${id}/void`, {});
  t.equal(foreign.status, 404);
  t.equal(foreign.body.code, 'not_found');
  t.match((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, { status: 'open', version: 1 });
});
