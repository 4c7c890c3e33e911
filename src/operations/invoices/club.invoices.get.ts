import { invoices, withDetails } from '../../resources/invoices.js';
import { defineOperation } from '../operation.js';
import { invoiceOut } from './schemas.js';

export default defineOperation({
  summary: 'An invoice with its lines and payments',
  method: 'GET',
  path: '/v1/club/invoices/{invoice_id}',
  scope: 'club:billing:read',
  response: invoiceOut,
  async handler(ctx) {
    const [invoice] = await withDetails(ctx.db, ctx.workspace, [await invoices.get(ctx.db, ctx.workspace, ctx.params.invoice_id)]);
    return { data: invoice };
  },
});
