import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createInvoice, createMember, createPlan } from '../../support/factories.js';
import { walkPages } from '../../support/pages.js';
import { setTimeout as sleep } from 'node:timers/promises';

const service = await startService(t);

/** An instant strictly between what happened before and what happens after (the clock has ms). */
async function pause(): Promise<string> {
  await sleep(5);
  const at = new Date().toISOString();
  await sleep(5);
  return at;
}

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((i) => i.id);

t.test('the list serves whole invoices by id, paged by cursor, filtered by status, member, plan, number', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  await createInvoice(service, other);
  const anna = await createMember(service, club, { first_name: 'Anna' });
  const ben = await createMember(service, club, { first_name: 'Ben' });
  const plan = await createPlan(service, club);
  const open = await createInvoice(service, club, { member_id: anna, amount: 500 });
  const paid = await createInvoice(service, club, { member_id: ben, amount: 700, status: 'paid' });
  const voided = await createInvoice(service, club, { member_id: anna, status: 'void' });
  const planned = await createInvoice(service, club, { member_id: ben, plan_id: plan });
  const all = await club.call('GET', '/v1/club/invoices');
  t.equal(all.status, 200);
  t.same(ids(all), [open, paid, voided, planned]);
  t.equal(all.body.meta.next_cursor, null);
  const paidItem = all.body.data[1];
  t.match(paidItem, { amount: 700, amount_paid: 700, balance: 0, status: 'paid' });
  t.equal(paidItem.payments.length, 1);
  t.same(paidItem.lines, [{ description: 'Membership', amount: 700 }]);
  t.same(all.body.data[0], (await club.call('GET', `/v1/club/invoices/${open}`)).body.data, 'list items are the invoices get serves');
  t.same(ids(await club.call('GET', '/v1/club/invoices?status=open')), [open, planned]);
  t.same(ids(await club.call('GET', '/v1/club/invoices?status=void')), [voided]);
  t.same(ids(await club.call('GET', `/v1/club/invoices?member_id=${anna}`)), [open, voided]);
  t.same(ids(await club.call('GET', `/v1/club/invoices?member_id=${anna}&status=open`)), [open]);
  t.same(ids(await club.call('GET', `/v1/club/invoices?plan_id=${plan}`)), [planned]);
  const number = all.body.data[2].number;
  t.same(ids(await club.call('GET', `/v1/club/invoices?number=${number}`)), [voided]);
  t.same(ids(await club.call('GET', '/v1/club/invoices?number=1999-000001')), []);
  const walked = await walkPages(club, '/v1/club/invoices?limit=1');
  t.same(walked.ids, [open, paid, voided, planned]);
  t.equal(walked.pages, 4);
});

t.test('updated_since finds what changed since, a payment included', async (t) => {
  const club = await createClub(service);
  const a = await createInvoice(service, club);
  const b = await createInvoice(service, club);
  const since = await pause();
  t.same(ids(await club.call('GET', `/v1/club/invoices?updated_since=${since}`)), []);
  await club.call('POST', `/v1/club/invoices/${b}/payments`, { amount: 1, method: 'cash' });
  t.same(ids(await club.call('GET', `/v1/club/invoices?updated_since=${since}`)), [b]);
  t.same(ids(await club.call('GET', '/v1/club/invoices?updated_since=2019-12-31T23:00:00-01:00')), [a, b]);
});

t.test('bad query parameters are 400 invalid_query; a cursor of another filter is 400 invalid_cursor', async (t) => {
  const club = await createClub(service);
  await createInvoice(service, club);
  await createInvoice(service, club);
  for (const query of ['status=draft', 'member_id=abc', 'plan_id=0', 'number=2026-1', 'updated_since=yesterday', 'limit=0', 'limit=101', 'sort=number']) {
    const res = await club.call('GET', `/v1/club/invoices?${query}`);
    t.equal(res.status, 400, query);
    t.equal(res.body.code, 'invalid_query', query);
  }
  const first = await club.call('GET', '/v1/club/invoices?limit=1');
  const cursor = first.body.meta.next_cursor;
  t.type(cursor, 'string');
  const moved = await club.call('GET', `/v1/club/invoices?limit=1&status=open&cursor=${cursor}`);
  t.equal(moved.status, 400);
  t.equal(moved.body.code, 'invalid_cursor');
});
