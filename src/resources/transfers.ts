// Transfers of a license from one club to another of the same federation. Both clubs and the
// federation see a transfer; each club may take only its own steps.
import * as v from 'valibot';
import { ApiError } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { todayUtc } from './calendar.js';
import { clubUnit } from './clubs.js';
import { licenses, moveLicense } from './licenses.js';
import { defineMachine } from './machine.js';
import { members, memberMachine, type MemberRow } from './members.js';
import { persons, placeAt, type PersonRow } from './persons.js';
import { defineStore } from './store.js';
import type { Unit } from './unit.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const transferMachine = defineMachine('transfer', ['requested', 'released', 'approved', 'rejected', 'cancelled'], {
  release: { from: ['requested'], to: 'released', done: 'released' },
  cancel: { from: ['requested', 'released'], to: 'cancelled', done: 'cancelled' },
  approve: { from: ['released'], to: 'approved', done: 'approved' },
  reject: { from: ['requested', 'released'], to: 'rejected', done: 'rejected' },
});

/** A transfer as the API answers it. */
export const transferFields = {
  ...resourceMeta,
  person_id: v.string(),
  license_id: v.string(),
  license_number: v.string(),
  from_club_id: v.string(),
  to_club_id: v.string(),
  season_id: v.string(),
  status: v.picklist(transferMachine.states),
  requested_at: out.instant,
  released_at: v.nullable(out.instant),
  decided_at: v.nullable(out.instant),
  reason: v.pipe(v.nullable(v.string()), v.description('Why the federation rejected it.')),
};
export type TransferRow = RowOf<typeof transferFields>;

export const transfers = defineStore<TransferRow>({
  type: 'transfer',
  table: 'transfers',
  columns: columnsOf(transferFields),
  visible: (sql, ws) => (ws.kind === 'club'
    ? sql`federation_id = ${ws.federationId} and (from_club_id = ${ws.id} or to_club_id = ${ws.id})`
    : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.from_club_id, row.to_club_id, ws.federationId] }),
});

/** Only the club the player leaves releases (403 `action_not_permitted` for the other party). */
export function expectOrigin(ws: Workspace, transfer: TransferRow): void {
  if (transfer.from_club_id !== ws.id) {
    throw new ApiError('action_not_permitted', `only the origin club ${transfer.from_club_id} may release transfer ${transfer.id}`);
  }
}

/** Only the club that asked for the player cancels. */
export function expectDestination(ws: Workspace, transfer: TransferRow): void {
  if (transfer.to_club_id !== ws.id) {
    throw new ApiError('action_not_permitted', `only the destination club ${transfer.to_club_id} may cancel transfer ${transfer.id}`);
  }
}

/**
 * An approved transfer lands, in the approval's transaction: the destination gets an active
 * member for the person (its own, restored, or a new one made from the registry), the license
 * moves to it, the origin's member is archived and the person's current club follows. Members are
 * locked before the person, the order a license approval takes them in too.
 */
export async function land(unit: Unit, transfer: TransferRow): Promise<void> {
  const { sql, workspace } = unit;
  // Statements that do not wait for each other's answer go out together (one round trip), in the
  // order written: the person is locked after the members, as everywhere.
  const [license, registered] = await Promise.all([
    licenses.get(sql, workspace, transfer.license_id),
    persons.get(sql, workspace, transfer.person_id),
  ]);
  const origin = clubUnit(unit, transfer.from_club_id);
  const leaving = await members.get(sql, origin.workspace, license.member_id, { lock: true });
  const member = await memberFor(clubUnit(unit, transfer.to_club_id), registered);
  await moveLicense(unit, license, transfer.to_club_id, member.id);
  const { to, done } = memberMachine.transitions.archive;
  const [, person] = await Promise.all([
    leaving.status === 'active' ? members.update(origin, leaving, { status: to }, done) : undefined,
    persons.get(sql, workspace, transfer.person_id, { lock: true }),
  ]);
  await placeAt(unit, person, transfer.to_club_id);
}

/** The club's member for the person: the one linked to it (restored if archived), else a new one. */
async function memberFor(club: Unit, person: PersonRow): Promise<MemberRow> {
  const { sql, workspace } = club;
  const [linked] = await sql<MemberRow[]>`
    select ${members.selection} from members
    where federation_id = ${workspace.federationId} and club_id = ${workspace.id} and person_id = ${person.id}
    order by (status = 'active') desc, id limit 1 for update`;
  if (linked?.status === 'active') return linked;
  if (linked) {
    const { to, done } = memberMachine.transitions.restore;
    return members.update(club, linked, { status: to }, done);
  }
  return members.insert(club, {
    club_id: workspace.id, person_id: person.id, first_name: person.first_name, last_name: person.last_name,
    birth_date: person.birth_date, gender: person.gender, joined_on: todayUtc(),
  });
}
