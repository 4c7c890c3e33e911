import { ApiError } from '../../errors.js';
import { invoices, invoiceMachine, withDetails } from '../../resources/invoices.js';
import { transitionOperation } from '../transition.js';
import { invoiceOut, voidBody } from './schemas.js';

export default transitionOperation({
  summary: 'Void an open invoice that has no payment',
  path: '/v1/club/invoices/{invoice_id}/void',
  scope: 'club:billing:write',
  store: invoices,
  machine: invoiceMachine,
  action: 'void',
  body: voidBody,
  response: invoiceOut,
  guard: (_ctx, row) => {
    if (row.amount_paid !== '0') {
      throw new ApiError('invalid_state', `invoice ${row.id} has payments; only an open invoice without payments can be voided`);
    }
  },
  set: (ctx) => ({ void_reason: ctx.body.reason ?? null }),
  view: async (ctx, row) => (await withDetails(ctx.unit.sql, ctx.workspace, [row]))[0],
});
