// A club's invoices with their lines and payments. Only the club sees them. Money columns are
// bigint minor units; the API answers them as JSON integers (money.ts).
import { ruleViolation } from '../errors.js';
import { defineMachine, transitionFrom } from './machine.js';
import { balance, minorUnits, total } from './money.js';
import { groupBy, omit } from './rows.js';
import { defineStore, type Versioned } from './store.js';
import type { Db, Unit } from './unit.js';
import { drawYearlyNumber, invoiceNumbering, numberingYear } from './yearly-numbers.js';

export interface InvoiceRow extends Versioned {
  number: string;
  member_id: string;
  plan_id: string | null;
  amount: string;
  amount_paid: string;
  currency: string;
  status: InvoiceStatus;
  issued_on: string;
  due_on: string | null;
  void_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface InvoiceLine { description: string; amount: number }
export const paymentMethods = ['cash', 'card', 'bank_transfer', 'other'] as const;
type PaymentMethod = (typeof paymentMethods)[number];
interface NewPayment { amount: number; method: PaymentMethod; paid_on: string; reference: string | null }

export const invoices = defineStore<InvoiceRow>({
  type: 'invoice',
  table: 'invoices',
  columns: [
    'id', 'number', 'member_id', 'plan_id', 'amount', 'amount_paid', 'currency', 'status', 'issued_on', 'due_on',
    'void_reason', 'created_at', 'updated_at', 'version',
  ],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

// `pay` moves to paid only with the payment that settles the balance (recordPayment).
export const invoiceMachine = defineMachine('invoice', ['open', 'paid', 'void'], {
  pay: { from: ['open'], to: 'paid', done: 'paid' },
  void: { from: ['open'], to: 'void', done: 'voided' },
});
type InvoiceStatus = (typeof invoiceMachine.states)[number];

export async function memberHasInvoices(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db<{ found: boolean }[]>`select exists (select from invoices where member_id = ${memberId}) as found`;
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
    id: row.id, number: row.number, member_id: row.member_id, plan_id: row.plan_id, lines,
    amount: minorUnits(row.amount), amount_paid: minorUnits(row.amount_paid), balance: balance(row.amount, row.amount_paid),
    currency: row.currency, status: row.status, issued_on: row.issued_on, due_on: row.due_on, void_reason: row.void_reason,
    payments, created_at: row.created_at, updated_at: row.updated_at, version: row.version,
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
export async function withDetails(db: Db, rows: readonly InvoiceRow[]): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, payments] = await Promise.all([
    db<{ invoice_id: string; description: string; amount: string }[]>`
      select invoice_id, description, amount from invoice_lines where invoice_id = any(${ids}::bigint[]) order by invoice_id, position`,
    db<{ invoice_id: string; amount: string }[]>`
      select invoice_id, id, amount, method, paid_on, reference, created_at
      from payments where invoice_id = any(${ids}::bigint[]) order by invoice_id, id`,
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
