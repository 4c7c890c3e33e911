// Club members. Only the club sees them; personal data lives only in this table.
import { ruleViolation } from '../errors.js';
import { defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import { activities } from './activities.js';
import { memberHasInvoices } from './invoices.js';
import { memberHasLicenses } from './licenses.js';
import { teams } from './teams.js';
import type { Db, Unit } from './unit.js';

/** A member's and a person's gender. */
export const genders = ['female', 'male', 'non_binary', 'undisclosed'] as const;
type Gender = (typeof genders)[number];

export type Address = { line1: string; line2: string | null; postal_code: string; city: string; country: string };
export type Guardian = { name: string; relationship: string; email: string | null; phone: string | null };

export interface MemberRow extends Versioned {
  first_name: string;
  last_name: string;
  birth_date: string;
  gender: Gender;
  email: string | null;
  phone: string | null;
  address: Address | null;
  external_ref: string | null;
  joined_on: string;
  status: MemberStatus;
  person_id: string | null;
  guardians: Guardian[];
  created_at: Date;
  updated_at: Date;
}

export const members = defineStore<MemberRow>({
  type: 'member',
  table: 'members',
  columns: [
    'id', 'first_name', 'last_name', 'birth_date', 'gender', 'email', 'phone', 'address', 'external_ref',
    'joined_on', 'status', 'person_id', 'guardians', 'created_at', 'updated_at', 'version',
  ],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

export const memberMachine = defineMachine('member', ['active', 'archived'], {
  archive: { from: ['active'], to: 'archived', done: 'archived' },
  restore: { from: ['archived'], to: 'active', done: 'restored' },
});
type MemberStatus = (typeof memberMachine.states)[number];

/** A new roster place, license or invoice needs an active member (422 `member_archived`). */
export function expectActive(member: MemberRow): void {
  if (member.status !== 'active') throw ruleViolation('member_archived', `member ${member.id} is archived`);
}

/** Licenses and invoices keep a member from being erased (the books keep who was billed). */
export async function hasRecords(db: Db, member: MemberRow): Promise<boolean> {
  return (await memberHasLicenses(db, member.id)) || (await memberHasInvoices(db, member.id));
}

/** Erases the member; its roster and attendance rows go with it, so those teams and activities change. */
export async function erase(unit: Unit, member: MemberRow): Promise<void> {
  const { sql } = unit;
  await teams.updateWhere(unit, sql`id in (select team_id from roster_entries where member_id = ${member.id})`);
  await activities.updateWhere(unit, sql`id in (select activity_id from attendance where member_id = ${member.id})`);
  await members.remove(unit, member);
}
