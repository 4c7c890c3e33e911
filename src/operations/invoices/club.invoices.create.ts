import { invalidField } from '../../errors.js';
import { todayUtc } from '../../resources/calendar.js';
import { issue, type InvoiceLine } from '../../resources/invoices.js';
import { expectActive, members } from '../../resources/members.js';
import { minorUnits } from '../../resources/money.js';
import { expectActivePlan, plans } from '../../resources/plans.js';
import { defineOperation } from '../operation.js';
import { invoiceCreateBody, invoiceOut } from './schemas.js';

export default defineOperation({
  summary: 'Issue an invoice to a member, for a plan or for lines; numbered YYYY-NNNNNN',
  method: 'POST',
  path: '/v1/club/invoices',
  scope: 'club:billing:write',
  body: invoiceCreateBody,
  response: invoiceOut,
  reasons: ['member_archived', 'plan_retired'],
  refusals: ['conflict'],
  async handler(ctx) {
    const { body, workspace, unit } = ctx;
    const issuedOn = todayUtc();
    if (body.due_on && body.due_on < issuedOn) throw invalidField('/due_on', `must not be before the day of issue, ${issuedOn}`);
    // Locked so that an erase or archive of the member waits for this invoice, then sees it.
    const member = await members.referenced(unit.sql, workspace, body.member_id, '/member_id', { lock: true });
    expectActive(member);
    const plan = body.plan_id ? await plans.referenced(unit.sql, workspace, body.plan_id, '/plan_id') : undefined;
    if (plan) expectActivePlan(plan);
    // The body schema admits exactly one of plan_id or lines with currency.
    const lines: InvoiceLine[] = plan ? [{ description: plan.name, amount: minorUnits(plan.amount) }] : body.lines!;
    const currency = plan ? plan.currency : body.currency!;
    const invoice = await issue(unit, {
      member_id: member.id, plan_id: plan?.id ?? null, lines, currency, issued_on: issuedOn, due_on: body.due_on ?? null,
    });
    return { status: 201, data: invoice, location: `/v1/club/invoices/${invoice.id}` };
  },
});
