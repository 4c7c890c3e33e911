// Licenses: a club requests one for a member and a season; the federation decides. The
// license is the club's and the federation's; only the club sees which member holds it.
import { notFound } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { defineMachine } from './machine.js';
import { omit } from './rows.js';
import { defineStore, sortKeyFilter, type Versioned } from './store.js';
import type { Db, Unit } from './unit.js';
import { drawYearlyNumber, licenseNumbering, numberingYear } from './yearly-numbers.js';

export interface LicenseRow extends Versioned {
  number: string | null;
  club_id: string;
  member_id: string;
  person_id: string | null;
  season_id: string;
  category_id: string;
  category_code: string;
  status: (typeof licenseMachine.states)[number];
  requested_at: Date;
  decided_at: Date | null;
  reason: string | null;
  valid_from: string | null;
  valid_until: string | null;
  created_at: Date;
  updated_at: Date;
}

export const licenses = defineStore<LicenseRow>({
  type: 'license',
  table: 'licenses',
  columns: ['id', 'number', 'club_id', 'member_id', 'person_id', 'season_id', 'category_id',
    'category_code', 'status', 'requested_at', 'decided_at', 'reason', 'valid_from', 'valid_until',
    'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.club_id, ws.federationId] }),
});

export const licenseMachine = defineMachine('license', ['requested', 'approved', 'rejected', 'withdrawn', 'suspended'], {
  approve: { from: ['requested'], to: 'approved', done: 'approved' },
  reject: { from: ['requested'], to: 'rejected', done: 'rejected' },
  withdraw: { from: ['requested'], to: 'withdrawn', done: 'withdrawn' },
  suspend: { from: ['approved'], to: 'suspended', done: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved', done: 'reinstated' },
});

/** The license as the caller may see it: which member holds it is the club's business only. */
export function licenseView(row: LicenseRow, ws: Workspace): Omit<LicenseRow, 'member_id'> & { member_id?: string } {
  return ws.kind === 'club' ? row : omit(row, ['member_id']);
}

/** A license of the caller's federation by its number, whatever club holds it (404 if none), locked. */
export async function licenseByNumber(db: Db, federationId: string, number: string): Promise<LicenseRow> {
  const [row] = await db<LicenseRow[]>`
    select ${licenses.selection} from licenses
    where federation_id = ${federationId} and number = ${number} for update`;
  if (!row) throw notFound(`no license numbered ${number} in the club's federation`);
  return row;
}

/** The next number of the federation's numbering for the starting year of the season (409 once the year is exhausted). */
export function nextLicenseNumber(unit: Unit, seasonStartsOn: string): Promise<string> {
  return drawYearlyNumber(unit, licenseNumbering, numberingYear(seasonStartsOn));
}

/** Whether the member ever held a license: such a member is archived, never erased. */
export async function memberHasLicenses(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db<{ found: boolean }[]>`select exists (select from licenses where member_id = ${memberId}) as found`;
  return row!.found;
}

/**
 * Moves the license to the club a transfer lands in, held by that club's member. The origin club
 * no longer sees it, so its feed hears of the move too.
 */
export async function moveLicense(unit: Unit, license: LicenseRow, toClubId: string, memberId: string): Promise<LicenseRow> {
  const moved = await licenses.update(unit, license, { club_id: toClubId, member_id: memberId });
  unit.record({ type: 'license', id: moved.id, action: 'updated', version: moved.version, audience: { workspaces: [license.club_id] } });
  return moved;
}

/**
 * The lists' `season_id` filter (`sortKeyFilter`): licenses_season_idx or licenses_season_club_idx
 * (sql/00018) serve the page from the cursor. As `season_id = …` the planner walked the primary
 * key past every license of the other season.
 */
export const seasonFilter = (db: Db, seasonId: string | undefined) => sortKeyFilter(db, 'season_id', seasonId, 'bigint');
