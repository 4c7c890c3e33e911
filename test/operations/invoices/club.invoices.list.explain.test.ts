// The invoice list's keyset promise on a club with 100 000 invoices, on the planner's own word for
// the exact SQL the operation runs: index scans, never a sequential scan of invoices.
import t, { type Test } from 'tap';
import { invoiceListQuery, type InvoiceFilters } from '../../../src/operations/invoices/club.invoices.list.js';
import type { Workspace } from '../../../src/workspace.js';
import { startService } from '../../support/harness.js';
import { checkIndexPlan } from '../../support/plans.js';
import { createClub, createInvoices, createMember } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;
const N = 100_000;

const club = await createClub(service);
await createInvoices(service, club, N);
const [member] = await sql<{ member_id: string }[]>`select member_id from invoices where club_id = ${club.id} limit 1`;
const [deep] = await sql<{ id: string }[]>`select id from invoices where club_id = ${club.id} order by id offset ${N - 50} limit 1`;

async function explain(t: Test, label: string, club: Workspace, filters: InvoiceFilters, after: string | undefined) {
  const indexes = await checkIndexPlan(t, sql, label, () => invoiceListQuery(sql, club, filters, after, 26), 'invoices');
  t.ok(indexes.some((name) => name.startsWith('invoices_')), `${label}: uses ${indexes.join(', ')}`);
  return invoiceListQuery(sql, club, filters, after, 26);
}

t.test('page 1 is an index scan', async (t) => {
  t.equal((await explain(t, 'page 1', club, {}, undefined)).length, 26);
});

t.test(`a deep page (after row ${N - 50}) is an index scan and starts after the cursor`, async (t) => {
  const rows = await explain(t, 'deep page', club, {}, deep!.id);
  t.equal(rows.length, 26);
  t.ok(rows.every((r) => BigInt(r.id) > BigInt(deep!.id)));
});

t.test('deep pages filtered by status and by member are index scans', async (t) => {
  const open = await explain(t, 'deep page, status=open', club, { status: 'open' }, deep!.id);
  t.ok(open.length > 0 && open.every((r) => r.status === 'open'));
  const mine = await explain(t, 'deep page, member_id', club, { member_id: member!.member_id }, deep!.id);
  t.ok(mine.length > 0);
  t.equal((await explain(t, 'number', club, { number: '2026-000777' }, undefined)).length, 1);
});

t.test('a small club beside the big one is an index scan too', async (t) => {
  const small = await createClub(service);
  const someone = await createMember(service, small);
  for (let i = 0; i < 3; i++) await small.call('POST', '/v1/club/invoices', { member_id: someone, lines: [{ description: 'Fee', amount: 100 }], currency: 'EUR' });
  t.equal((await explain(t, 'small club', small, {}, undefined)).length, 3);
});

t.test('the HTTP list serves the page with lines', async (t) => {
  const page = await club.call('GET', '/v1/club/invoices?limit=25&status=open');
  t.equal(page.status, 200);
  t.equal(page.body.data.length, 25);
  t.ok(page.body.data.every((i: { lines: unknown[] }) => i.lines.length === 1));
  t.type(page.body.meta.next_cursor, 'string');
});
