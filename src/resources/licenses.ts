// Licenses: a club requests one for a member and a season; the federation decides. The
// license is the club's and the federation's; only the club sees which member holds it.
import type { Fragment } from 'postgres';
import * as v from 'valibot';
import { notFound } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { defineMachine } from './machine.js';
import { omit } from './rows.js';
import { defineStore, sortKeyFilter, type Store } from './store.js';
import type { Db, Unit } from './unit.js';
import { drawYearlyNumber, licenseNumbering, numberingYear } from './yearly-numbers.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const licenseMachine = defineMachine('license', ['requested', 'approved', 'rejected', 'withdrawn', 'suspended'], {
  approve: { from: ['requested'], to: 'approved', done: 'approved' },
  reject: { from: ['requested'], to: 'rejected', done: 'rejected' },
  withdraw: { from: ['requested'], to: 'withdrawn', done: 'withdrawn' },
  suspend: { from: ['approved'], to: 'suspended', done: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved', done: 'reinstated' },
});

/** A license as the API answers it to the federation. */
export const licenseFields = {
  ...resourceMeta,
  number: v.pipe(v.nullable(v.string()), v.description('Assigned on approval, unique in the federation: "YYYY-NNNNNN", YYYY the season\'s starting year.')),
  club_id: v.string(),
  person_id: v.pipe(v.nullable(v.string()), v.description('The person in the federation\'s registry, linked on approval.')),
  season_id: v.string(),
  category_id: v.string(),
  category_code: v.string(),
  status: v.picklist(licenseMachine.states),
  requested_at: out.instant,
  decided_at: v.nullable(out.instant),
  reason: v.pipe(v.nullable(v.string()), v.description('Why it was rejected or suspended.')),
  valid_from: v.nullable(v.string()),
  valid_until: v.nullable(v.string()),
};
/** A license as its club sees it: with the member who holds it. */
export const clubLicenseFields = { ...licenseFields, member_id: v.string() };
export type LicenseRow = RowOf<typeof clubLicenseFields>;

const licenseRows = defineStore<LicenseRow>({
  type: 'license',
  table: 'licenses',
  columns: columnsOf(clubLicenseFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`federation_id = ${ws.federationId} and club_id = ${ws.id}` : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.club_id, ws.federationId] }),
});

/** What club_licensed_members_apply reads of a license (sql/00025). */
type Counted = Pick<LicenseRow, 'id' | 'club_id' | 'member_id' | 'status' | 'valid_until'>;
const countedColumns = ['id', 'club_id', 'member_id', 'status', 'valid_until'] as const;
const counts = (row: Counted) => row.status === 'approved' && row.valid_until !== null;

/**
 * Keeps `club_licensed_members` (counts.members_licensed) for a write of licenses, in its
 * transaction: the rows as they were and as they are (sql/00025, which took over from the
 * licenses' triggers that Citus refuses). Only an approved license can move a count, so a write
 * of none (a request, a rejection, a withdrawal) costs nothing more.
 */
async function countLicensed(unit: Unit, before: readonly Counted[], after: readonly Counted[]): Promise<void> {
  if (!before.some(counts) && !after.some(counts)) return;
  const { sql, workspace } = unit;
  const rows = (list: readonly Counted[]) => sql.json(list.map((r) => Object.fromEntries(countedColumns.map((c) => [c, r[c]]))));
  await sql`
    select club_licensed_members_apply(${workspace.federationId}::bigint,
      array(select r from jsonb_populate_recordset(null::licenses, ${rows(before)}) r),
      array(select r from jsonb_populate_recordset(null::licenses, ${rows(after)}) r))`;
}

/**
 * The licenses a write is about to change (`where` as the write's own), locked: the rows before
 * it, for countLicensed. Async, so that the query is queued when called: before the write passed
 * beside it to Promise.all.
 */
async function lockedBefore(unit: Unit, where: Fragment): Promise<Counted[]> {
  const { sql, workspace } = unit;
  return await sql<Counted[]>`
    select ${sql(countedColumns)} from licenses
    where federation_id = ${workspace.federationId} and ${where} for update`;
}

/**
 * The licenses' store: its commands keep the licensed members' counts. The rows before a write
 * are read locked in the same round trip as the write (sent together, run in order).
 */
export const licenses: Store<LicenseRow> = {
  ...licenseRows,
  async insert(unit, values) {
    const row = await licenseRows.insert(unit, values);
    await countLicensed(unit, [], [row]);
    return row;
  },
  async update(unit, row, set, action) {
    const [before, updated] = await Promise.all([lockedBefore(unit, unit.sql`id = ${row.id}`), licenseRows.update(unit, row, set, action)]);
    await countLicensed(unit, before, [updated]);
    return updated;
  },
  async updateWhere(unit, where, set) {
    const visible = unit.sql`${where} and ${licenseRows.visible(unit.sql, unit.workspace)}`;
    const [before, updated] = await Promise.all([lockedBefore(unit, visible), licenseRows.updateWhere(unit, where, set)]);
    await countLicensed(unit, before, updated);
    return updated;
  },
  async remove(unit, row) {
    const [before] = await Promise.all([lockedBefore(unit, unit.sql`id = ${row.id}`), licenseRows.remove(unit, row)]);
    await countLicensed(unit, before, []);
  },
};

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
export async function memberHasLicenses(db: Db, ws: Workspace, memberId: string): Promise<boolean> {
  const [row] = await db<{ found: boolean }[]>`
    select exists (select from licenses where federation_id = ${ws.federationId} and member_id = ${memberId}) as found`;
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
