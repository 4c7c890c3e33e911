import * as v from 'valibot';
import { date, fromToday, id, list, text } from '../schemas.js';
import { todayUtc } from '../../resources/calendar.js';
import { amount, isoCurrency } from '../plans/schemas.js';
import { invoiceFields, paymentMethods } from '../../resources/invoices.js';

const timestamps = { created_at: '2026-06-01T09:30:00.000Z', updated_at: '2026-06-03T16:05:12.000Z' };

const line = v.strictObject({ description: text(1, 200), amount });

export const invoiceOut = v.pipe(
  v.object(invoiceFields),
  v.title('Invoice'),
  v.examples([{
    id: '311', number: '2026-000042', member_id: '1207', plan_id: '12',
    lines: [{ description: 'Senior membership', amount: 18000 }],
    amount: 18000, amount_paid: 5000, balance: 13000, currency: 'EUR', status: 'open',
    issued_on: '2026-06-01', due_on: '2026-07-01', void_reason: null,
    payments: [{ id: '95', amount: 5000, method: 'bank_transfer', paid_on: '2026-06-03', reference: 'NL-TRX-88231', created_at: timestamps.updated_at }],
    ...timestamps, version: 2,
  }]),
);

type Draft = { plan_id?: string | null; lines?: unknown[]; currency?: string };

/** plan_id and lines are exclusive; lines bring their currency, a plan brings its own. */
function exclusive(body: Draft): [key: keyof Draft, message: string][] {
  const hasPlan = body.plan_id != null;
  if (hasPlan && body.lines !== undefined) return [['lines', 'must not be sent with plan_id: a plan\'s invoice has the plan\'s line']];
  if (hasPlan && body.currency !== undefined) return [['currency', 'must not be sent with plan_id: a plan\'s invoice takes the plan\'s currency']];
  if (!hasPlan && body.lines === undefined) return [['lines', 'is required without plan_id']];
  if (!hasPlan && body.currency === undefined) return [['currency', 'is required with lines']];
  return [];
}

export const invoiceCreateBody = v.pipe(
  v.strictObject({
    member_id: v.pipe(id, v.description('An active member of the club.')),
    plan_id: v.optional(v.nullable(v.pipe(id, v.description('An active plan: the invoice takes its amount and currency as one line.')))),
    lines: v.optional(list(line, 'line', 50, 1)),
    currency: v.optional(v.pipe(isoCurrency, v.description('Required with lines; not sent with plan_id.'))),
    due_on: v.optional(v.nullable(v.pipe(date, v.description('Not before the day of issue.')))),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const [key, message] of exclusive(dataset.value)) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input: dataset.value, key, value: dataset.value[key] }] });
    }
  }),
  v.description('Exactly one of `plan_id` or `lines` (with `currency`).'),
  v.title('InvoiceCreate'),
  v.examples([{ member_id: '1207', lines: [{ description: 'Tournament fee', amount: 1500 }, { description: 'Kit', amount: 3995 }], currency: 'EUR', due_on: fromToday(30) }]),
);

export const paymentBody = v.pipe(
  v.strictObject({
    amount: v.pipe(amount, v.description('At most the balance.')),
    method: v.picklist(paymentMethods, `must be one of ${paymentMethods.join(', ')}`),
    paid_on: v.optional(v.pipe(date, v.check((d) => d <= todayUtc(), 'must not be in the future'), v.description('Defaults to today (UTC).'))),
    reference: v.optional(v.nullable(text(1, 200))),
  }),
  v.title('PaymentCreate'),
  v.examples([{ amount: 5000, method: 'bank_transfer', paid_on: fromToday(0), reference: 'NL-TRX-88231' }]),
);

export const voidBody = v.pipe(
  v.strictObject({ reason: v.optional(text(1, 500)) }),
  v.title('InvoiceVoid'),
  v.examples([{ reason: 'Issued twice by the accounting import' }]),
);
