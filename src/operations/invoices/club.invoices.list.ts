import * as v from 'valibot';
import { nothing } from '../../db/driver.js';
import { invoices, withDetails, type InvoiceRow, invoiceMachine } from '../../resources/invoices.js';
import type { Db } from '../../resources/unit.js';
import { defineOperation, type Workspace } from '../operation.js';
import { afterCursor, page } from '../paging.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { invoiceOut } from './schemas.js';

export interface InvoiceFilters {
  status?: string;
  member_id?: string;
  plan_id?: string;
  number?: string;
  updated_since?: string;
}

/** The one SQL of the list, shared with the EXPLAIN test so the plan it checks is the plan served. */
export function invoiceListQuery(sql: Db, ws: Workspace, f: InvoiceFilters, after: string | undefined, limit: number) {
  return sql<InvoiceRow[]>`
    select ${invoices.selection} from invoices
    where ${invoices.scope(sql, ws)}
    ${f.status ? sql`and status = ${f.status}` : nothing}
    ${f.member_id ? sql`and member_id = ${f.member_id}` : nothing}
    ${f.plan_id ? sql`and plan_id = ${f.plan_id}` : nothing}
    ${f.number ? sql`and number = ${f.number}` : nothing}
    ${f.updated_since ? sql`and updated_at >= ${f.updated_since}::timestamptz` : nothing}
    ${after ? sql`and id > ${after}` : nothing}
    order by id limit ${limit}`;
}

export default defineOperation({
  summary: 'The club\'s invoices with their lines and payments, by id',
  method: 'GET',
  path: '/v1/club/invoices',
  scope: 'club:billing:read',
  query: listQuery({
    status: enumFilter(invoiceMachine.states),
    member_id: v.optional(v.pipe(id, v.description('Invoices of this member.'))),
    plan_id: v.optional(v.pipe(id, v.description('Invoices issued for this plan.'))),
    number: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{6}$/, 'must be an invoice number YYYY-NNNNNN'))),
  }),
  response: invoiceOut,
  list: true,
  async handler(ctx) {
    const after = afterCursor(ctx, ctx.query)?.[0];
    const rows = await invoiceListQuery(ctx.db, ctx.workspace, ctx.query, after, ctx.query.limit + 1);
    const reply = page(ctx, ctx.query, rows, (r) => [r.id]);
    return { ...reply, data: await withDetails(ctx.db, ctx.workspace, reply.data as InvoiceRow[]) };
  },
});
