// Club members. Only the club sees them; personal data lives only in this table.
import * as v from 'valibot';
import { ruleViolation } from '../errors.js';
import { addressOut, columnsOf, out, resourceMeta, type RowOf } from './fields.js';
import { defineMachine } from './machine.js';
import { defineStore } from './store.js';
import { activities } from './activities.js';
import { memberHasInvoices } from './invoices.js';
import { memberHasLicenses } from './licenses.js';
import { teams } from './teams.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';

/** A member's and a person's gender. */
export const genders = ['female', 'male', 'non_binary', 'undisclosed'] as const;

export const memberMachine = defineMachine('member', ['active', 'archived'], {
  archive: { from: ['active'], to: 'archived', done: 'archived' },
  restore: { from: ['archived'], to: 'active', done: 'restored' },
});

const guardianOut = v.object({ name: v.string(), relationship: v.string(), email: v.nullable(out.email), phone: v.nullable(v.string()) });
export type Guardian = v.InferOutput<typeof guardianOut>;

/** A member as the API answers it. */
export const memberFields = {
  ...resourceMeta,
  first_name: v.string(),
  last_name: v.string(),
  birth_date: out.date,
  gender: v.picklist(genders),
  email: v.nullable(out.email),
  phone: v.nullable(v.string()),
  address: v.nullable(addressOut),
  external_ref: v.nullable(v.string()),
  joined_on: out.date,
  status: v.picklist(memberMachine.states),
  person_id: v.pipe(v.nullable(v.string()), v.description('Set when a license is approved or a transfer lands.')),
  guardians: v.array(guardianOut),
};
export type MemberRow = RowOf<typeof memberFields>;

export const members = defineStore<MemberRow>({
  type: 'member',
  table: 'members',
  columns: columnsOf(memberFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

/** A new roster place, license or invoice needs an active member (422 `member_archived`). */
export function expectActive(member: MemberRow): void {
  if (member.status !== 'active') throw ruleViolation('member_archived', `member ${member.id} is archived`);
}

/** Licenses and invoices keep a member from being erased (the books keep who was billed). */
export async function hasRecords(db: Db, ws: Workspace, member: MemberRow): Promise<boolean> {
  return (await memberHasLicenses(db, ws, member.id)) || (await memberHasInvoices(db, ws, member.id));
}

/** Erases the member; its roster and attendance rows go with it, so those teams and activities change. */
export async function erase(unit: Unit, member: MemberRow): Promise<void> {
  const { sql, workspace } = unit;
  await teams.updateWhere(unit, sql`id in (
    select team_id from roster_entries where federation_id = ${workspace.federationId} and member_id = ${member.id})`);
  await activities.updateWhere(unit, sql`id in (
    select activity_id from attendance where federation_id = ${workspace.federationId} and member_id = ${member.id})`);
  await members.remove(unit, member);
}
