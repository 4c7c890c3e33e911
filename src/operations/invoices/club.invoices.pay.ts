import { todayUtc } from '../../resources/calendar.js';
import { invoices, recordPayment, withDetails } from '../../resources/invoices.js';
import { defineOperation } from '../operation.js';
import { invoiceOut, paymentBody } from './schemas.js';

export default defineOperation({
  summary: 'Record a payment on an open invoice; answers the invoice',
  method: 'POST',
  path: '/v1/club/invoices/{invoice_id}/payments',
  scope: 'club:billing:write',
  body: paymentBody,
  response: invoiceOut,
  // Locked once by the pipeline: concurrent payments on one invoice each see the balance the previous one left.
  lock: { store: invoices, param: 'invoice_id' },
  reasons: ['overpayment'],
  refusals: ['invalid_state'],
  async handler(ctx) {
    const { body } = ctx;
    const row = await recordPayment(ctx.unit, ctx.locked, {
      amount: body.amount, method: body.method, paid_on: body.paid_on ?? todayUtc(), reference: body.reference ?? null,
    });
    const [invoice] = await withDetails(ctx.unit.sql, ctx.workspace, [row]);
    return { data: invoice };
  },
});
