// Billing: membership plans, invoices in any state, the invoice numbering. All by SQL, so a test
// of paying or voiding does not depend on invoices.create (the factories record no feed rows).
import { drawInvoiceNumber } from '../../../src/resources/invoices.js';
import type { Service } from '../harness.js';
import type { Area } from './area.js';
import { createMember } from './members.js';
import { createSeason } from './seasons.js';
import type { Tenant } from './workspaces.js';

export interface PlanFields { name?: string; season_id?: string; amount?: number; currency?: string; status?: 'active' | 'retired' }

/** A membership plan of the club (for a new planned season unless given). */
export async function createPlan(service: Service, club: Tenant, fields: PlanFields = {}): Promise<string> {
  const season = fields.season_id ?? (await createSeason(service, club.federationId, 'planned'));
  const [row] = await service.sql<{ id: string }[]>`
    insert into membership_plans (federation_id, club_id, name, season_id, amount, currency, status)
    values (${club.federationId}, ${club.id}, ${fields.name ?? 'Senior membership'}, ${season}, ${fields.amount ?? 18000},
      ${fields.currency ?? 'EUR'}, ${fields.status ?? 'active'})
    returning id`;
  return row!.id;
}

export interface InvoiceFields { member_id?: string; plan_id?: string; amount?: number; currency?: string; status?: 'open' | 'paid' | 'void' }

/**
 * An invoice of the club issued today (UTC) under the club's next number, in any state: one line
 * (the plan's, given one), paid by one cash payment of its amount, or voided.
 */
export async function createInvoice(service: Service, club: Tenant, fields: InvoiceFields = {}): Promise<string> {
  const { sql } = service;
  const member = fields.member_id ?? (await createMember(service, club));
  const [plan] = fields.plan_id ? await sql<{ name: string; amount: string; currency: string }[]>`
    select name, amount, currency from membership_plans where id = ${fields.plan_id}` : [];
  const line = plan ? { description: plan.name, amount: Number(plan.amount) } : { description: 'Membership', amount: fields.amount ?? 1000 };
  const currency = plan?.currency ?? fields.currency ?? 'EUR';
  const status = fields.status ?? 'open';
  const [row] = await sql<{ id: string }[]>`
    with today as (select (now() at time zone 'utc')::date as day),
    drawn as (
      insert into invoice_counters (club_id, year, federation_id, last_number)
      select ${club.id}, extract(year from day)::int, ${club.federationId}, 1 from today
      on conflict (federation_id, club_id, year) do update set last_number = invoice_counters.last_number + 1
      returning year, last_number)
    insert into invoices (federation_id, club_id, number, member_id, plan_id, amount, amount_paid, currency, status, issued_on)
    select ${club.federationId}, ${club.id}, lpad(year::text, 4, '0') || '-' || lpad(last_number::text, 6, '0'), ${member},
      ${fields.plan_id ?? null}, ${line.amount}, ${status === 'paid' ? line.amount : 0}, ${currency}, ${status}, day
    from drawn, today
    returning id`;
  const id = row!.id;
  await sql`insert into invoice_lines (invoice_id, position, federation_id, description, amount)
    values (${id}, 1, ${club.federationId}, ${line.description}, ${line.amount})`;
  if (status === 'paid') {
    await sql`insert into payments (invoice_id, federation_id, amount, method, paid_on)
      select id, federation_id, amount, 'cash', issued_on from invoices where id = ${id}`;
  }
  return id;
}

/** Many invoices (one in four void) of one member of the club, with their lines, in a few statements (EXPLAIN tests). */
export async function createInvoices(service: Service, club: Tenant, count: number): Promise<void> {
  const member = await createMember(service, club);
  await service.sql`
    insert into invoices (federation_id, club_id, number, member_id, amount, currency, status, issued_on)
    select ${club.federationId}, ${club.id}, '2026-' || lpad(i::text, 6, '0'), ${member}, 1000, 'EUR',
      case when i % 4 = 0 then 'void' else 'open' end, date '2026-01-01'
    from generate_series(1, ${count}) as i`;
  await service.sql`
    insert into invoice_lines (invoice_id, position, federation_id, description, amount)
    select id, 1, federation_id, 'Membership', amount from invoices where club_id = ${club.id}`;
  await service.sql`
    insert into invoice_counters (club_id, year, federation_id, last_number) values (${club.id}, 2026, ${club.federationId}, ${count})`;
  await service.sql`analyze invoices`;
  await service.sql`analyze invoice_lines`;
}

/**
 * Draws the club's next invoice number for the day `issuedOn` with the service's own numbering
 * function, in a transaction of its own that commits, or rolls back after holding the counter a moment.
 */
export async function drawNumber(service: Service, club: Tenant, issuedOn: string, outcome: 'commit' | 'rollback' = 'commit'): Promise<string> {
  let drawn = '';
  const workspace = { id: club.id, kind: 'club' as const, federationId: club.federationId };
  await service.sql.begin(async (tx) => {
    drawn = await drawInvoiceNumber({ sql: tx, workspace, record: () => {} }, issuedOn);
    if (outcome === 'rollback') {
      await tx`select pg_sleep(0.02)`;
      throw new RolledBack();
    }
  }).catch((error: unknown) => {
    if (!(error instanceof RolledBack)) throw error;
  });
  return drawn;
}
class RolledBack extends Error {}

/** Where the club's numbering for `year` stands, as if `last` invoices had been issued. */
export async function setInvoiceCounter(service: Service, club: Tenant, year: number, last: number): Promise<void> {
  await service.sql`
    insert into invoice_counters (club_id, year, federation_id, last_number) values (${club.id}, ${year}, ${club.federationId}, ${last})
    on conflict (federation_id, club_id, year) do update set last_number = excluded.last_number`;
}

export const billing: Area = {
  inState: {
    invoice: (service, club, state) => createInvoice(service, club, { status: state as 'open' | 'paid' | 'void' }),
  },
  ownedIds: {
    plan_id: (service, owner) => createPlan(service, owner),
    invoice_id: (service, owner) => createInvoice(service, owner),
  },
};
