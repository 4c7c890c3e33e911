// A club's invoices with their lines and payments. Only the club sees them. Money columns are
// bigint minor units; the API answers them as JSON integers (money.ts).
import * as v from 'valibot';
import { ruleViolation } from '../errors.js';
import { defineMachine, transitionFrom } from './machine.js';
import { balance, minorUnits, total } from './money.js';
import { groupBy, omit } from './rows.js';
import { defineStore } from './store.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';
import { drawYearlyNumber, invoiceNumbering, numberingYear } from './yearly-numbers.js';
import { columnsOf, money, out, resourceMeta, type RowOf } from './fields.js';

export interface InvoiceLine { description: string; amount: number }
export const paymentMethods = ['cash', 'card', 'bank_transfer', 'other'] as const;
type PaymentMethod = (typeof paymentMethods)[number];
interface NewPayment { amount: number; method: PaymentMethod; paid_on: string; reference: string | null }

// `pay` moves to paid only with the payment that settles the balance (recordPayment).
export const invoiceMachine = defineMachine('invoice', ['open', 'paid', 'void'], {
  pay: { from: ['open'], to: 'paid', done: 'paid' },
  void: { from: ['open'], to: 'void', done: 'voided' },
});

const lineOut = v.object({ description: v.string(), amount: money });
const paymentOut = v.object({
  id: out.id,
  amount: money,
  method: v.picklist(paymentMethods),
  paid_on: out.date,
  reference: v.nullable(v.string()),
  created_at: out.instant,
});

/** An invoice as the API answers it: money as JSON integers, its lines, balance and payments inside. */
export const invoiceFields = {
  ...resourceMeta,
  number: v.pipe(v.string(), v.description('`YYYY-NNNNNN`: per club and calendar year (UTC) of issue, gapless.')),
  member_id: out.id,
  plan_id: v.nullable(out.id),
  lines: v.array(lineOut),
  amount: v.pipe(money, v.description('The sum of the lines.')),
  amount_paid: money,
  balance: v.pipe(money, v.description('amount − amount_paid')),
  currency: v.string(),
  status: v.picklist(invoiceMachine.states),
  issued_on: v.pipe(out.date, v.description('The UTC day of creation.')),
  due_on: v.nullable(out.date),
  void_reason: v.nullable(v.string()),
  payments: v.array(paymentOut),
};
/** What the invoices table holds of it. */
const storedFields = omit(invoiceFields, ['lines', 'balance', 'payments']);
export type InvoiceRow = RowOf<typeof storedFields>;

export const invoices = defineStore<InvoiceRow>({
  type: 'invoice',
  table: 'invoices',
  columns: columnsOf(storedFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

export async function memberHasInvoices(db: Db, ws: Workspace, memberId: string): Promise<boolean> {
  const [row] = await db<{ found: boolean }[]>`
    select exists (select from invoices where federation_id = ${ws.federationId} and member_id = ${memberId}) as found`;
  return row!.found;
}

/** The next number of the club's numbering for the calendar year of `issuedOn` (409 once the year is exhausted). */
export function drawInvoiceNumber(unit: Unit, issuedOn: string): Promise<string> {
  return drawYearlyNumber(unit, invoiceNumbering, numberingYear(issuedOn));
}

interface NewInvoice {
  member_id: string;
  plan_id: string | null;
  lines: InvoiceLine[];
  currency: string;
  issued_on: string;
  due_on: string | null;
}

/** The answer's shape: money as JSON integers, the balance derived, lines and payments inside. */
function present(row: InvoiceRow, lines: InvoiceLine[], payments: unknown[]) {
  return {
    ...row, lines, amount: minorUnits(row.amount), amount_paid: minorUnits(row.amount_paid),
    balance: balance(row.amount, row.amount_paid), payments,
  };
}

export type Invoice = ReturnType<typeof present>;

/** Numbers and writes a new open invoice with its lines; `amount` is their sum. */
export async function issue(unit: Unit, invoice: NewInvoice): Promise<Invoice> {
  const { sql, workspace } = unit;
  const number = await drawInvoiceNumber(unit, invoice.issued_on);
  const row = await invoices.insert(unit, {
    federation_id: workspace.federationId, club_id: workspace.id, number, member_id: invoice.member_id,
    plan_id: invoice.plan_id, amount: total(invoice.lines.map((l) => l.amount)), currency: invoice.currency,
    issued_on: invoice.issued_on, due_on: invoice.due_on,
  });
  await sql`insert into invoice_lines ${sql(invoice.lines.map((line, i) => ({
    invoice_id: row.id, position: i + 1, federation_id: workspace.federationId, description: line.description, amount: line.amount,
  })))}`;
  return present(row, invoice.lines, []);
}

/** Invoices as the API answers them, with their lines and payments: three statements for any number. */
export async function withDetails(db: Db, ws: Workspace, rows: readonly InvoiceRow[]): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, payments] = await Promise.all([
    db<{ invoice_id: string; description: string; amount: string }[]>`
      select invoice_id, description, amount from invoice_lines
      where federation_id = ${ws.federationId} and invoice_id = any(${ids}::bigint[]) order by invoice_id, position`,
    db<{ invoice_id: string; amount: string }[]>`
      select invoice_id, id, amount, method, paid_on, reference, created_at
      from payments where federation_id = ${ws.federationId} and invoice_id = any(${ids}::bigint[]) order by invoice_id, id`,
  ]);
  const linesOf = groupBy(lines, 'invoice_id');
  const paymentsOf = groupBy(payments, 'invoice_id');
  return rows.map((row) => present(
    row,
    (linesOf.get(row.id) ?? []).map((l) => ({ description: l.description, amount: minorUnits(l.amount) })),
    (paymentsOf.get(row.id) ?? []).map((p) => Object.assign(omit(p, ['invoice_id']), { amount: minorUnits(p.amount) })),
  ));
}

/**
 * Records a payment on the locked invoice: open only (409 `invalid_state`), at most the balance
 * (422 `overpayment`). The payment that settles the balance marks the invoice paid.
 */
export async function recordPayment(unit: Unit, invoice: InvoiceRow, payment: NewPayment): Promise<InvoiceRow> {
  const { sql, workspace } = unit;
  const { to, done } = transitionFrom(invoiceMachine, 'pay', invoice);
  const left = balance(invoice.amount, invoice.amount_paid);
  if (payment.amount > left) {
    throw ruleViolation('overpayment', `a payment of ${payment.amount} exceeds the balance of invoice ${invoice.number}, ${left}`,
      [{ path: '/amount', message: `must be at most the balance, ${left}` }]);
  }
  await sql`insert into payments ${sql({ invoice_id: invoice.id, federation_id: workspace.federationId, ...payment })}`;
  const paid = total([invoice.amount_paid, payment.amount]);
  const settled = payment.amount === left;
  return invoices.update(unit, invoice, settled ? { amount_paid: paid, status: to } : { amount_paid: paid }, settled ? done : 'updated');
}
