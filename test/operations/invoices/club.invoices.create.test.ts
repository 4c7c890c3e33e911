import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createInvoice, createMember, createPlan, setInvoiceCounter, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const { sql } = service;
const today = new Date().toISOString().slice(0, 10);
const year = today.slice(0, 4);

async function invoiceCount(club: Tenant): Promise<number> {
  const [row] = await sql`select count(*)::int as n from invoices where club_id = ${club.id}`;
  return row!.n as number;
}

t.test('an invoice for lines: 201 with Location, the first number of the year, amount = sum of lines', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const res = await club.call('POST', '/v1/club/invoices', {
    member_id: member, lines: [{ description: ' Tournament fee ', amount: 1500 }, { description: 'Kit', amount: 3995 }],
    currency: 'EUR', due_on: '2099-01-31',
  });
  t.equal(res.status, 201);
  const invoice = res.body.data;
  t.equal(res.headers.get('location'), `/v1/club/invoices/${invoice.id}`);
  t.equal(res.headers.get('etag'), '"1"');
  t.same(Object.keys(invoice).sort(), ['amount', 'amount_paid', 'balance', 'created_at', 'currency', 'due_on', 'id', 'issued_on',
    'lines', 'member_id', 'number', 'payments', 'plan_id', 'status', 'updated_at', 'version', 'void_reason']);
  t.match(invoice, {
    number: `${year}-000001`, member_id: member, plan_id: null, amount: 5495, amount_paid: 0, balance: 5495, currency: 'EUR',
    status: 'open', issued_on: today, due_on: '2099-01-31', void_reason: null, version: 1,
  });
  t.same(invoice.lines, [{ description: 'Tournament fee', amount: 1500 }, { description: 'Kit', amount: 3995 }]);
  t.same(invoice.payments, []);
  t.same(await feedOf(club), [['invoice', invoice.id, 'created', 1]]);
  const second = await club.call('POST', '/v1/club/invoices', { member_id: member, lines: [{ description: 'Socks', amount: 10 }], currency: 'EUR' });
  t.equal(second.body.data.number, `${year}-000002`);
  t.equal(second.body.data.due_on, null);
});

t.test('an invoice for a plan takes the plan\'s amount and currency as its one line', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const plan = await createPlan(service, club, { name: 'Youth membership', amount: 12050, currency: 'CHF' });
  const res = await club.call('POST', '/v1/club/invoices', { member_id: member, plan_id: plan });
  t.equal(res.status, 201);
  t.match(res.body.data, { plan_id: plan, amount: 12050, balance: 12050, currency: 'CHF', status: 'open' });
  t.same(res.body.data.lines, [{ description: 'Youth membership', amount: 12050 }]);
  // Changing the plan later leaves issued invoices as they were.
  await club.call('PATCH', `/v1/club/membership-plans/${plan}`, { amount: 99999 });
  t.equal((await club.call('GET', `/v1/club/invoices/${res.body.data.id}`)).body.data.amount, 12050);
});

t.test('money stays exact integer minor units, however many and however large the lines', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const cents = await club.call('POST', '/v1/club/invoices', {
    member_id: member, lines: [{ description: 'a', amount: 10 }, { description: 'b', amount: 20 }], currency: 'EUR' });
  t.equal(cents.body.data.amount, 30);
  const lines = Array.from({ length: 50 }, (_, i) => ({ description: `line ${i + 1}`, amount: 1_000_000_000_000 - i }));
  const big = await club.call('POST', '/v1/club/invoices', { member_id: member, lines, currency: 'IDR' });
  t.equal(big.status, 201);
  t.equal(big.body.data.amount, 50 * 1_000_000_000_000 - 1225);
  t.equal(big.body.data.balance, big.body.data.amount);
  t.ok(Number.isSafeInteger(big.body.data.amount));
  const [row] = await sql`select amount::text as amount from invoices where id = ${big.body.data.id}`;
  t.equal(row!.amount, '49999999998775', 'the column holds the exact sum');
});

t.test('an archived member is 422 member_archived; a retired plan 422 plan_retired; nothing is created', async (t) => {
  const club = await createClub(service);
  const archived = await createMember(service, club, { status: 'archived' });
  const member = await createMember(service, club);
  const retired = await createPlan(service, club, { status: 'retired' });
  const a = await club.call('POST', '/v1/club/invoices', { member_id: archived, lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' });
  t.equal(a.status, 422);
  t.match(a.body, { code: 'rule_violation', reason: 'member_archived', detail: `member ${archived} is archived` });
  const p = await club.call('POST', '/v1/club/invoices', { member_id: member, plan_id: retired });
  t.equal(p.status, 422);
  t.match(p.body, { code: 'rule_violation', reason: 'plan_retired', detail: `plan ${retired} is retired` });
  t.equal(await invoiceCount(club), 0);
  const after = await club.call('POST', '/v1/club/invoices', { member_id: member, lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' });
  t.equal(after.body.data.number, `${year}-000001`);
});

t.test('another club\'s member or plan, or none, is 422 naming the field, as if it did not exist', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service, undefined);
  const member = await createMember(service, club);
  const foreignMember = await createMember(service, other);
  const foreignPlan = await createPlan(service, other);
  const cases: [Record<string, unknown>, { path: string; message: string }][] = [
    [{ member_id: foreignMember, lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' }, { path: '/member_id', message: 'no such member in the club' }],
    [{ member_id: '999999999999', lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' }, { path: '/member_id', message: 'no such member in the club' }],
    [{ member_id: member, plan_id: foreignPlan }, { path: '/plan_id', message: 'no such plan in the club' }],
    [{ member_id: member, plan_id: '999999999999' }, { path: '/plan_id', message: 'no such plan in the club' }],
  ];
  for (const [body, error] of cases) {
    const res = await club.call('POST', '/v1/club/invoices', body);
    t.equal(res.status, 422);
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors, [error]);
  }
  t.equal(await invoiceCount(club), 0);
  t.equal(await invoiceCount(other), 0);
  t.same((await feedOf(other)).filter(([type]) => type === 'invoice'), []);
});

t.test('a member with an invoice cannot be deleted (409 invalid_state); archiving still works', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  await createInvoice(service, club, { member_id: member, status: 'void' });
  const res = await club.call('DELETE', `/v1/club/members/${member}`);
  t.equal(res.status, 409);
  t.equal(res.body.code, 'invalid_state');
  t.match(res.body.detail, /invoices/);
  t.equal((await club.call('GET', `/v1/club/members/${member}`)).status, 200, 'the member is still there');
  t.equal((await club.call('POST', `/v1/club/members/${member}/archive`, {})).status, 200);
  t.equal((await club.call('DELETE', `/v1/club/members/${member}`)).status, 409, 'archived, still billed');
});

t.test('a create retried with the same Idempotency-Key makes one invoice with one number', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const body = { member_id: member, lines: [{ description: 'Fee', amount: 2500 }], currency: 'EUR' };
  const headers = { 'idempotency-key': `sync-${member}-fee` };
  const first = await club.call('POST', '/v1/club/invoices', body, { headers });
  const retry = await club.call('POST', '/v1/club/invoices', body, { headers });
  t.equal(first.status, 201);
  t.equal(retry.status, 201);
  t.equal(retry.headers.get('idempotent-replayed'), 'true');
  t.same(retry.body.data, first.body.data);
  t.equal(await invoiceCount(club), 1);
  const next = await club.call('POST', '/v1/club/invoices', body);
  t.equal(next.body.data.number, `${year}-000002`, 'the replay drew no number');
});

t.test('the year\'s number 999999 is issued; the next create is 409 conflict and changes nothing', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const body = { member_id: member, lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' };
  await setInvoiceCounter(service, club, Number(year), 999_998);
  const last = await club.call('POST', '/v1/club/invoices', body);
  t.equal(last.status, 201);
  t.equal(last.body.data.number, `${year}-999999`);
  const feed = await feedOf(club);
  t.same(feed, [['invoice', last.body.data.id, 'created', 1]]);

  const refused = await club.call('POST', '/v1/club/invoices', body);
  t.equal(refused.status, 409);
  t.same(refused.body, {
    type: 'urn:problem:conflict', title: 'Conflict', status: 409, code: 'conflict',
    detail: `the club has issued all 999999 invoice numbers of ${year}`, request_id: refused.body.request_id,
  });
  t.equal(await invoiceCount(club), 1, 'no invoice row');
  t.same(await feedOf(club), feed, 'no feed row');
  const [counter] = await sql`select last_number from invoice_counters where club_id = ${club.id} and year = ${Number(year)}`;
  t.equal(counter!.last_number, 999_999, 'the counter stays at the last number');
});
