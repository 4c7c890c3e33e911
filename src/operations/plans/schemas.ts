import * as v from 'valibot';
import { maxAmount } from '../../resources/money.js';
import { currency, id, text } from '../schemas.js';
import { planStatuses, planFields } from '../../resources/plans.js';

const minor = 'must be an integer number of minor units';

/** Money in: integer minor units (2500 = 25.00 EUR), never a fraction. */
export const amount = v.pipe(
  v.number(minor), v.integer(minor), v.minValue(1, 'must be greater than 0'), v.maxValue(maxAmount, `must be at most ${maxAmount}`),
  v.description('Integer minor units of the currency (2500 = 25.00 EUR).'),
);

export { money } from '../../resources/fields.js';

// Node's ICU list of ISO 4217 codes; the shape is judged (and reported) once, by `currency`.
const known = new Set(Intl.supportedValuesOf('currency'));
export const isoCurrency = v.pipe(currency, v.check((code) => !/^[A-Z]{3}$/.test(code) || known.has(code), 'must be an ISO 4217 currency code'));

const status = v.picklist(planStatuses, `must be one of ${planStatuses.join(', ')}`);

const timestamps = { created_at: '2026-06-01T09:30:00.000Z', updated_at: '2026-06-01T09:30:00.000Z' };

export const planOut = v.pipe(
  v.object(planFields),
  v.title('MembershipPlan'),
  v.examples([{
    id: '12', name: 'Senior membership', season_id: '3', amount: 18000, currency: 'EUR',
    description: 'All training sessions and home matches', status: 'active', ...timestamps, version: 1,
  }]),
);

export const planCreateBody = v.pipe(
  v.strictObject({
    name: text(1, 80),
    season_id: v.pipe(id, v.description('A season of the club\'s federation.')),
    amount,
    currency: isoCurrency,
    description: v.optional(v.nullable(text(1, 500))),
  }),
  v.title('MembershipPlanCreate'),
  v.examples([{ name: 'Senior membership', season_id: '3', amount: 18000, currency: 'EUR', description: 'All training sessions and home matches' }]),
);

export const planPatchBody = v.pipe(
  v.strictObject({
    name: v.optional(text(1, 80)),
    season_id: v.optional(id),
    amount: v.optional(v.pipe(amount, v.description('Invoices already issued keep the amount they were issued with.'))),
    currency: v.optional(isoCurrency),
    description: v.optional(v.nullable(text(1, 500))),
    status: v.optional(v.pipe(status, v.description('`retired`: no new invoices for the plan; `active` again to reopen it.'))),
  }),
  v.title('MembershipPlanPatch'),
  v.examples([{ status: 'retired' }]),
);
