// What club.invoices.create refuses before anything is written: the body's shape and the
// exclusive plan_id | lines + currency.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createPlan, type Tenant } from '../../support/factories.js';
import { feedOf } from '../../support/feeds.js';

const service = await startService(t);
const year = new Date().toISOString().slice(0, 4);

const invoiceCount = async (club: Tenant): Promise<number> => (await club.call('GET', '/v1/club/invoices?limit=100')).body.data.length;

t.test('plan and lines are exclusive; lines bring a currency, a plan its own: 422 naming the field, nothing created', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const plan = await createPlan(service, club);
  const lines = [{ description: 'Fee', amount: 100 }];
  const cases: [Record<string, unknown>, { path: string; message: string }][] = [
    [{ member_id: member, plan_id: plan, lines, currency: 'EUR' }, { path: '/lines', message: 'must not be sent with plan_id: a plan\'s invoice has the plan\'s line' }],
    [{ member_id: member, plan_id: plan, currency: 'EUR' }, { path: '/currency', message: 'must not be sent with plan_id: a plan\'s invoice takes the plan\'s currency' }],
    [{ member_id: member }, { path: '/lines', message: 'is required without plan_id' }],
    [{ member_id: member, currency: 'EUR' }, { path: '/lines', message: 'is required without plan_id' }],
    [{ member_id: member, plan_id: null, currency: 'EUR' }, { path: '/lines', message: 'is required without plan_id' }],
    [{ member_id: member, lines }, { path: '/currency', message: 'is required with lines' }],
  ];
  for (const [body, error] of cases) {
    const res = await club.call('POST', '/v1/club/invoices', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors, [error], JSON.stringify(body));
  }
  t.equal(await invoiceCount(club), 0);
  t.same((await feedOf(club)).filter(([type]) => type === 'invoice'), []);
});

t.test('bad input is 422 with JSON Pointer paths, creates nothing and draws no number', async (t) => {
  const club = await createClub(service);
  const member = await createMember(service, club);
  const line = (amount: unknown, description: unknown = 'Fee') => ({ member_id: member, lines: [{ description, amount }], currency: 'EUR' });
  const cases: [unknown, string][] = [
    [line(10.5), '/lines/0/amount'],
    [line('100'), '/lines/0/amount'],
    [line(0), '/lines/0/amount'],
    [line(-100), '/lines/0/amount'],
    [line(1_000_000_000_001), '/lines/0/amount'],
    [line(100, ''), '/lines/0/description'],
    [line(100, 'x'.repeat(201)), '/lines/0/description'],
    [{ ...line(100), currency: 'eur' }, '/currency'],
    [{ ...line(100), currency: 'XYZ' }, '/currency'],
    [{ ...line(100), currency: 978 }, '/currency'],
    [{ ...line(100), lines: [] }, '/lines'],
    [{ ...line(100), lines: Array.from({ length: 51 }, () => ({ description: 'x', amount: 1 })) }, '/lines'],
    [{ ...line(100), lines: [{ description: 'x', amount: 1, vat: 0 }] }, '/lines/0/vat'],
    [{ ...line(100), member_id: 42 }, '/member_id'],
    [{ ...line(100), member_id: undefined }, '/member_id'],
    [{ ...line(100), due_on: '2026-02-30' }, '/due_on'],
    [{ ...line(100), due_on: '2000-01-01' }, '/due_on'],
    [{ ...line(100), issued_on: '2026-01-01' }, '/issued_on'],
    [{ ...line(100), number: '2026-000001' }, '/number'],
  ];
  for (const [body, path] of cases) {
    const res = await club.call('POST', '/v1/club/invoices', body);
    t.equal(res.status, 422, `${JSON.stringify(body).slice(0, 80)}: ${path}`);
    t.equal(res.body.code, 'validation_failed');
    t.same([...new Set(res.body.errors.map((e: { path: string }) => e.path))], [path], path);
  }
  t.equal(await invoiceCount(club), 0);
  const next = await club.call('POST', '/v1/club/invoices', line(100));
  t.equal(next.body.data.number, `${year}-000001`, 'no refusal used up a number');
});
