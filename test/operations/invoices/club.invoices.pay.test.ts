import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createInvoice, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const { sql } = service;
const today = new Date().toISOString().slice(0, 10);

const pay = (club: Tenant, id: string, body: unknown, headers?: Record<string, string>) =>
  club.call('POST', `/v1/club/invoices/${id}/payments`, body, headers ? { headers } : {});

async function paymentCount(invoiceId: string): Promise<number> {
  const [row] = await sql`select count(*)::int as n from payments where invoice_id = ${invoiceId}`;
  return row!.n as number;
}

t.test('a payment answers the invoice with it; the one that settles the balance marks it paid', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const first = await pay(club, id, { amount: 400, method: 'bank_transfer', paid_on: '2026-01-15', reference: 'TRX-1' });
  t.equal(first.status, 200);
  t.equal(first.headers.get('etag'), '"2"');
  t.match(first.body.data, { id, amount: 1000, amount_paid: 400, balance: 600, status: 'open', version: 2 });
  t.equal(first.body.data.payments.length, 1);
  t.match(first.body.data.payments[0], { amount: 400, method: 'bank_transfer', paid_on: '2026-01-15', reference: 'TRX-1' });
  t.match(first.body.data.payments[0].id, /^[1-9][0-9]*$/);
  const last = await pay(club, id, { amount: 600, method: 'cash' });
  t.equal(last.status, 200);
  t.match(last.body.data, { amount_paid: 1000, balance: 0, status: 'paid', version: 3 });
  t.match(last.body.data.payments[1], { amount: 600, method: 'cash', paid_on: today, reference: null });
  t.same((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, last.body.data);
  t.same((await feedOf(club)).filter(([type]) => type === 'invoice'),
    [['invoice', id, 'updated', 2], ['invoice', id, 'paid', 3]]);
});

t.test('more than the balance is 422 overpayment and records nothing', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  await pay(club, id, { amount: 250, method: 'card' });
  const feed = await feedOf(club);
  const res = await pay(club, id, { amount: 751, method: 'card' });
  t.equal(res.status, 422);
  t.match(res.body, { code: 'rule_violation', reason: 'overpayment' });
  t.same(res.body.errors, [{ path: '/amount', message: 'must be at most the balance, 750' }]);
  const now = (await club.call('GET', `/v1/club/invoices/${id}`)).body.data;
  t.match(now, { amount_paid: 250, balance: 750, status: 'open', version: 2 });
  t.equal(await paymentCount(id), 1);
  t.same(await feedOf(club), feed);
});

t.test('a paid or void invoice takes no payment: 409 invalid_state, nothing recorded', async (t) => {
  const club = await createClub(service);
  for (const state of ['paid', 'void'] as const) {
    const id = await createInvoice(service, club, { amount: 1000, status: state });
    const before = (await club.call('GET', `/v1/club/invoices/${id}`)).body.data;
    const payments = await paymentCount(id);
    const feed = await feedOf(club);
    const res = await pay(club, id, { amount: 1, method: 'cash' });
    t.equal(res.status, 409, state);
    t.equal(res.body.code, 'invalid_state');
    t.equal(res.body.detail, `invoice ${id} is ${state}; only an open invoice can be paid`);
    t.same((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, before);
    t.equal(await paymentCount(id), payments);
    t.same(await feedOf(club), feed);
  }
});

t.test('20 concurrent payments of 300 on 1000: exactly 3 succeed, 17 are overpayment, 900 paid', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const results = await Promise.all(Array.from({ length: 20 }, () => pay(club, id, { amount: 300, method: 'card' })));
  t.equal(results.filter((r) => r.status === 200).length, 3);
  const refused = results.filter((r) => r.status !== 200);
  t.equal(refused.length, 17);
  t.ok(refused.every((r) => r.status === 422 && r.body.reason === 'overpayment'), 'every refusal is overpayment');
  const invoice = (await club.call('GET', `/v1/club/invoices/${id}`)).body.data;
  t.match(invoice, { amount_paid: 900, balance: 100, status: 'open', version: 4 });
  t.equal(invoice.payments.length, 3);
  t.equal(await paymentCount(id), 3);
});

t.test('12 concurrent payments of 100 on 1000: ten settle it, the last of them marks it paid, two find it paid', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const results = await Promise.all(Array.from({ length: 12 }, () => pay(club, id, { amount: 100, method: 'cash' })));
  t.equal(results.filter((r) => r.status === 200).length, 10);
  t.same(results.filter((r) => r.status !== 200).map((r) => r.body.code), ['invalid_state', 'invalid_state']);
  t.equal(results.filter((r) => r.body.data?.status === 'paid').length, 1, 'exactly one payment settled it');
  t.match((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, { amount_paid: 1000, balance: 0, status: 'paid', version: 11 });
  const paidActions = (await feedOf(club)).filter(([type, rid, action]) => type === 'invoice' && rid === id && action === 'paid');
  t.equal(paidActions.length, 1);
});

t.test('a payment retried with the same Idempotency-Key is recorded once', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const key = { 'idempotency-key': `pay-${id}-desk-1` };
  const first = await pay(club, id, { amount: 300, method: 'cash' }, key);
  const retry = await pay(club, id, { amount: 300, method: 'cash' }, key);
  t.equal(first.status, 200);
  t.equal(retry.status, 200);
  t.equal(retry.headers.get('idempotent-replayed'), 'true');
  t.same(retry.body, first.body);
  const concurrent = await Promise.all([1, 2, 3].map(() => pay(club, id, { amount: 300, method: 'cash' }, key)));
  t.ok(concurrent.every((r) => r.status === 200 && r.headers.get('idempotent-replayed') === 'true'));
  t.equal(await paymentCount(id), 1);
  t.match((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, { amount_paid: 300, version: 2 });
  const reused = await pay(club, id, { amount: 200, method: 'cash' }, key);
  t.equal(reused.status, 422);
  t.equal(reused.body.code, 'idempotency_key_reused');
});

t.test('bad payments are 422 naming the field and change nothing; a stale If-Match is 412', async (t) => {
  const club = await createClub(service);
  const id = await createInvoice(service, club, { amount: 1000 });
  const cases: [unknown, string][] = [
    [{ amount: 1.5, method: 'cash' }, '/amount'],
    [{ amount: '300', method: 'cash' }, '/amount'],
    [{ amount: 0, method: 'cash' }, '/amount'],
    [{ amount: -5, method: 'cash' }, '/amount'],
    [{ amount: 100 }, '/method'],
    [{ amount: 100, method: 'cheque' }, '/method'],
    [{ amount: 100, method: 'cash', paid_on: '2999-01-01' }, '/paid_on'],
    [{ amount: 100, method: 'cash', paid_on: '15-01-2026' }, '/paid_on'],
    [{ amount: 100, method: 'cash', reference: '' }, '/reference'],
    [{ amount: 100, method: 'cash', currency: 'EUR' }, '/currency'],
  ];
  for (const [body, path] of cases) {
    const res = await pay(club, id, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same([...new Set(res.body.errors.map((e: { path: string }) => e.path))], [path]);
  }
  const stale = await pay(club, id, { amount: 100, method: 'cash' }, { 'if-match': '"7"' });
  t.equal(stale.status, 412);
  t.equal(await paymentCount(id), 0);
  t.match((await club.call('GET', `/v1/club/invoices/${id}`)).body.data, { amount_paid: 0, version: 1 });
  t.equal((await pay(club, id, { amount: 100, method: 'cash' }, { 'if-match': '"1"' })).status, 200);
});

t.test('another club\'s invoice, or none, is 404 and takes no payment', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const theirs = await createInvoice(service, other, { amount: 1000 });
  for (const id of [theirs, '999999999999']) {
    const res = await pay(club, id, { amount: 100, method: 'cash' });
    t.equal(res.status, 404);
    t.equal(res.body.code, 'not_found');
  }
  t.equal(await paymentCount(theirs), 0);
  t.match((await other.call('GET', `/v1/club/invoices/${theirs}`)).body.data, { amount_paid: 0, version: 1 });
});
