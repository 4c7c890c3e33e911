// Gapless, unique invoice numbers under concurrency: many creates at once in one club, mixed with
// refusals before the number is drawn and with writes that roll back after drawing it.
import t from 'tap';
import { ApiError } from '../../../src/errors.js';
import clubInvoicesCreate from '../../../src/operations/invoices/club.invoices.create.js';
import { operations } from '../../../src/operations/index.js';
import { defineOperation, named } from '../../../src/operations/operation.js';
import { startService } from '../../support/harness.js';
import { createClub, createMember, createPlan, drawNumber, setInvoiceCounter, type Tenant } from '../../support/factories.js';

// The real create, through the real pipeline, made to fail after its number was drawn and its rows
// written: the whole transaction rolls back, the counter's increment included.
const createThenRollBack = named('test.invoices.create_then_roll_back', defineOperation({
  ...clubInvoicesCreate,
  path: '/v1/club/invoices-rolled-back',
  async handler(ctx) {
    const reply = await clubInvoicesCreate.handler(ctx);
    throw new ApiError('conflict', `rolled back after drawing ${(reply.data as { number: string }).number}`);
  },
}));

// 120 writers of one club queue for its workspace's share of the connections: on a loaded machine
// they need longer than the default deadline, and more places in flight than one credential has by default.
const service = await startService(t, { DB_DEADLINE_MS: '60000', MAX_IN_FLIGHT: '200' }, [...operations, createThenRollBack]);
const { sql } = service;

/** The sequences of the club's committed invoices, per year, in order. */
async function sequences(club: Tenant): Promise<Map<string, number[]>> {
  const rows = await sql<{ number: string }[]>`select number from invoices where club_id = ${club.id} order by number`;
  const years = new Map<string, number[]>();
  for (const { number } of rows) {
    const [year, sequence] = number.split('-');
    years.set(year!, [...(years.get(year!) ?? []), Number(sequence)]);
  }
  return years;
}

const contiguous = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

t.test('120 concurrent creates with refusals and rollbacks among them: numbers 1…n of the year, no gap, no duplicate', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const member = await createMember(service, club);
  const archived = await createMember(service, club, { status: 'archived' });
  const plan = await createPlan(service, club);
  const retired = await createPlan(service, club, { status: 'retired' });
  const foreign = await createMember(service, other);
  const otherMember = await createMember(service, other);
  const lines = (amount: number) => ({ member_id: member, lines: [{ description: 'Fee', amount }], currency: 'EUR' });

  type Call = { who: Tenant; path: string; body: unknown; expect: number };
  const calls: Call[] = [
    ...Array.from({ length: 60 }, (_, i): Call => ({ who: club, path: '/v1/club/invoices', body: lines(100 + i), expect: 201 })),
    ...Array.from({ length: 60 }, (): Call => ({ who: club, path: '/v1/club/invoices', body: { member_id: member, plan_id: plan }, expect: 201 })),
    // Refused before a number is drawn: the schema, the rules, another club's member.
    ...Array.from({ length: 8 }, (): Call => ({ who: club, path: '/v1/club/invoices', body: { ...lines(100), plan_id: plan }, expect: 422 })),
    ...Array.from({ length: 6 }, (): Call => ({ who: club, path: '/v1/club/invoices', body: { ...lines(100), member_id: archived }, expect: 422 })),
    ...Array.from({ length: 6 }, (): Call => ({ who: club, path: '/v1/club/invoices', body: { member_id: member, plan_id: retired }, expect: 422 })),
    ...Array.from({ length: 6 }, (): Call => ({ who: club, path: '/v1/club/invoices', body: { ...lines(100), member_id: foreign }, expect: 422 })),
    // Rolled back after drawing.
    ...Array.from({ length: 15 }, (): Call => ({ who: club, path: '/v1/club/invoices-rolled-back', body: lines(100), expect: 409 })),
    // The other club's numbering runs at the same time.
    ...Array.from({ length: 20 }, (): Call => ({ who: other, path: '/v1/club/invoices', body: { ...lines(100), member_id: otherMember }, expect: 201 })),
  ];
  const results = await Promise.all(shuffle(calls).map(async (c) => ({ c, res: await c.who.call('POST', c.path, c.body) })));
  const wrong = results.filter(({ c, res }) => res.status !== c.expect).map(({ c, res }) => `${c.path} ${res.status} ${JSON.stringify(res.body)}`);
  t.same(wrong, [], 'every request answered as expected');
  const rolledBack = results.filter(({ c }) => c.expect === 409).map(({ res }) => res.body.detail);
  t.ok(rolledBack.every((d) => /^rolled back after drawing \d{4}-\d{6}$/.test(d)), 'the rolled-back requests had drawn numbers');

  const created = results.filter(({ c, res }) => c.who === club && res.status === 201).map(({ res }) => res.body.data.number as string);
  t.equal(created.length, 120);
  t.equal(new Set(created).size, 120, 'no number answered twice');
  const years = await sequences(club);
  for (const [year, list] of years) t.same(list, contiguous(list.length), `club ${year}: contiguous from 000001`);
  t.equal([...years.values()].reduce((n, list) => n + list.length, 0), 120);
  const otherYears = await sequences(other);
  for (const [year, list] of otherYears) t.same(list, contiguous(list.length), `other club ${year}: its own numbering from 000001`);
  t.equal([...otherYears.values()].reduce((n, list) => n + list.length, 0), 20);
});

t.test('the numbering function rolls the year over at the UTC new year, and a rolled-back draw leaves no gap', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  t.equal(await drawNumber(service, club, '2026-12-31'), '2026-000001');
  t.equal(await drawNumber(service, club, '2026-12-31'), '2026-000002');
  t.equal(await drawNumber(service, club, '2026-12-31', 'rollback'), '2026-000003', 'drawn, then rolled back');
  t.equal(await drawNumber(service, club, '2027-01-01'), '2027-000001', 'a new year starts at 000001');
  t.equal(await drawNumber(service, club, '2026-12-31'), '2026-000003', 'the rolled-back number is drawn again');
  t.equal(await drawNumber(service, club, '2027-01-01', 'rollback'), '2027-000002');
  t.equal(await drawNumber(service, club, '2027-01-01'), '2027-000002');
  t.equal(await drawNumber(service, other, '2026-12-31'), '2026-000001', 'another club numbers on its own');
  // Concurrent draws, half of them rolled back while holding the counter.
  const outcomes = shuffle(Array.from({ length: 30 }, (_, i): 'commit' | 'rollback' => (i % 2 === 0 ? 'commit' : 'rollback')));
  await Promise.all(outcomes.map((o) => drawNumber(service, club, '2028-03-01', o)));
  t.equal(await drawNumber(service, club, '2028-03-01'), '2028-000016', '15 committed draws, then this one');
});

t.test('an exhausted year is 409 conflict, never a wrapped or seven-digit number', async (t) => {
  const club = await createClub(service);
  await setInvoiceCounter(service, club, 2031, 999_998);
  t.equal(await drawNumber(service, club, '2031-05-05'), '2031-999999');
  await t.rejects(drawNumber(service, club, '2031-05-05'), { code: 'conflict', message: 'the club has issued all 999999 invoice numbers of 2031' });
  t.equal(await drawNumber(service, club, '2032-01-01'), '2032-000001');
});
