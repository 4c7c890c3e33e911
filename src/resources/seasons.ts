// A federation's seasons: the federation writes them, its clubs read them.
import * as v from 'valibot';
import { nothing } from '../db/driver.js';
import { ApiError, ruleViolation } from '../errors.js';
import { defineMachine, transitionFrom, type Transition } from './machine.js';
import { defineStore } from './store.js';
import type { Db, Unit } from './unit.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

/** Status moves forward only, one step at a time (domain.md, Season: update). */
export const seasonMachine = defineMachine('season', ['planned', 'open', 'closed'], {
  open: { from: ['planned'], to: 'open', done: 'opened' },
  close: { from: ['open'], to: 'closed', done: 'closed' },
});

/** A season as the API answers it. */
export const seasonFields = {
  ...resourceMeta,
  name: v.string(),
  starts_on: out.date,
  ends_on: out.date,
  status: v.picklist(seasonMachine.states),
};
export type SeasonRow = RowOf<typeof seasonFields>;

export const seasons = defineStore<SeasonRow>({
  type: 'season',
  table: 'seasons',
  columns: columnsOf(seasonFields),
  visible: (sql, ws) => sql`federation_id = ${ws.federationId}`,
  audience: (_row, ws) => ({ workspaces: [ws.federationId], clubsOf: ws.federationId }),
});

/** A license is requested only in an open season (422 `season_not_open`). */
export function expectOpen(season: SeasonRow): void {
  if (season.status !== 'open') throw ruleViolation('season_not_open', `season ${season.id} is ${season.status}, not open`);
}

/**
 * Serialises the federation's season writes until commit, so two concurrent writes cannot both
 * pass the overlap check (a lock, not a constraint: an exclusion constraint needs btree_gist).
 */
export async function lockSeasons(unit: Unit): Promise<void> {
  await unit.sql`select pg_advisory_xact_lock(hashtext('partner-service:seasons'), (${unit.workspace.federationId}::bigint % 2147483647)::integer)`;
}

/** 409 `conflict` when [startsOn, endsOn] overlaps another season of the federation. */
export async function expectNoOverlap(db: Db, federationId: string, startsOn: string, endsOn: string, exceptId?: string): Promise<void> {
  const [other] = await db<{ id: string; name: string }[]>`
    select id, name from seasons
    where federation_id = ${federationId} and starts_on <= ${endsOn} and ends_on >= ${startsOn}
      ${exceptId ? db`and id <> ${exceptId}` : nothing}
    order by starts_on limit 1`;
  if (other) throw new ApiError('conflict', `the dates overlap season ${other.id} (${other.name})`);
}

/** The transition a status PATCH asks for: forward one step only, else 409 `invalid_state`. */
export function seasonStep(season: SeasonRow, to: SeasonRow['status']): Transition<SeasonRow['status']> {
  const action = to === 'open' ? 'open' : to === 'closed' ? 'close' : undefined;
  if (!action) throw new ApiError('invalid_state', `season ${season.id} is ${season.status}; a season never returns to planned`);
  return transitionFrom(seasonMachine, action, season);
}
