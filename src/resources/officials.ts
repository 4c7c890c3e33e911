// The federation's match officials, and their assignment to matches.
import * as v from 'valibot';
import { invalidField, ruleViolation, type FieldError } from '../errors.js';
import type { Workspace } from '../workspace.js';
import { matchDay, matches, type MatchRow } from './matches.js';
import { defineStore } from './store.js';
import type { Db, Unit } from './unit.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const officialStatuses = ['active', 'inactive'] as const;
export const officialRoles = ['referee', 'assistant_referee', 'fourth_official', 'commissioner'] as const;

/** An official as the API answers it. */
export const officialFields = {
  ...resourceMeta,
  first_name: v.string(),
  last_name: v.string(),
  email: v.nullable(out.email),
  grade: v.string(),
  status: v.picklist(officialStatuses),
};
export type OfficialRow = RowOf<typeof officialFields>;

export const officials = defineStore<OfficialRow>({
  type: 'official',
  table: 'officials',
  columns: columnsOf(officialFields),
  visible: (sql, ws) => (ws.kind === 'federation' ? sql`federation_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.federationId] }),
});

/** An official's place in a match, as answers show it. */
export const assignmentFields = { official_id: out.id, role: v.picklist(officialRoles) };
export type Assignment = RowOf<typeof assignmentFields>;

/**
 * Every official named is one of the federation's (else 422 naming the field) and active (else
 * 422 `official_inactive` naming each).
 */
export async function expectActiveOfficials(db: Db, ws: Workspace, list: Assignment[]): Promise<void> {
  const ids = list.map((a) => a.official_id);
  const rows = await db<{ id: string; status: string }[]>`
    select id, status from officials where id = any(${ids}::bigint[]) and federation_id = ${ws.id}`;
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const unknown = ids.findIndex((id) => !status.has(id));
  if (unknown >= 0) throw invalidField(`/officials/${unknown}/official_id`, 'no such official in the federation');
  const inactive: FieldError[] = ids.flatMap((id, i) => (status.get(id) === 'inactive'
    ? [{ path: `/officials/${i}/official_id`, message: `official ${id} is inactive`, reason: 'official_inactive' }] : []));
  if (inactive.length > 0) throw ruleViolation('official_inactive', `${inactive.length} official(s) inactive`, inactive);
}

/**
 * Replaces the match's officials; the same list again changes nothing. An assignment has no
 * version of its own: a change bumps the match's and records the match's change, as a store
 * command does. An official already on another match that UTC day is 409 `conflict`, decided by
 * the unique index even when two assignments commit at once. Answers the match after it.
 */
export async function assign(unit: Unit, match: MatchRow, list: Assignment[]): Promise<MatchRow> {
  const { sql, workspace } = unit;
  const [current] = await sql<{ list: string }[]>`
    select coalesce(string_agg(official_id || ':' || role, ',' order by official_id), '') as list
    from match_officials where federation_id = ${workspace.federationId} and match_id = ${match.id}`;
  const wanted = [...list].sort((a, b) => Number(a.official_id) - Number(b.official_id)).map((a) => `${a.official_id}:${a.role}`).join(',');
  if (current!.list === wanted) return match;
  await sql`delete from match_officials where federation_id = ${workspace.federationId} and match_id = ${match.id}`;
  if (list.length > 0) {
    await sql`insert into match_officials ${sql(list.map((a) => ({
      match_id: match.id, official_id: a.official_id, role: a.role, federation_id: workspace.federationId, match_day: matchDay(match),
    })))}`;
  }
  return matches.update(unit, match);
}

/** A match moved to another day takes its officials with it (409 `conflict` where one is busy then). */
export async function followMatch(unit: Unit, match: MatchRow): Promise<void> {
  await unit.sql`
    update match_officials set match_day = ${matchDay(match)} where federation_id = ${unit.workspace.federationId} and match_id = ${match.id}`;
}
