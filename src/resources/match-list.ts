// The one SQL of both match lists (club and federation), shared with the EXPLAIN test so the plan
// it checks is the plan served. Ordered by scheduled_at, then id, paged by keyset.
import type { Fragment } from 'postgres';
import { nothing } from '../db/driver.js';
import type { Workspace } from '../workspace.js';
import { matches, type MatchRow } from './matches.js';
import { sortKeyFilter } from './store.js';
import type { Db } from './unit.js';

export interface MatchFilters {
  from?: string;
  to?: string;
  team_id?: string;
  competition_id?: string;
  status?: string;
  club_id?: string;
  round?: number;
  updated_since?: string;
}

/** `[scheduled_at, id]` of the last row shown. */
export type MatchPosition = [string, string];

function conditions(sql: Db, f: MatchFilters, status: Fragment | undefined, after: MatchPosition | undefined): Fragment {
  return sql`
    ${after ? sql`and (scheduled_at, id) > (${after[0]}::timestamptz, ${after[1]}::bigint)` : nothing}
    ${f.from ? sql`and scheduled_at >= ${f.from}::timestamptz` : nothing}
    ${f.to ? sql`and scheduled_at <= ${f.to}::timestamptz` : nothing}
    ${f.team_id ? sql`and (home_team_id = ${f.team_id} or away_team_id = ${f.team_id})` : nothing}
    ${f.competition_id ? sql`and competition_id = ${f.competition_id}` : nothing}
    ${status ? sql`and ${status}` : nothing}
    ${f.round !== undefined ? sql`and round = ${f.round}` : nothing}
    ${f.updated_since ? sql`and updated_at >= ${f.updated_since}::timestamptz` : nothing}`;
}

/**
 * A club's matches are the union of those it hosts and those it visits (a match between two of
 * its own teams counted once): each side is one ordered range of its own index, so a deep page
 * costs what the first page costs.
 */
export function matchListQuery(sql: Db, ws: Workspace, f: MatchFilters, after: MatchPosition | undefined, limit: number) {
  const columns = matches.selection;
  const status = sortKeyFilter(sql, 'status', f.status, 'text');
  const where = conditions(sql, f, status.filter, after);
  // A club's own side of the union is within its visibility already (matches.visible), bar the federation.
  const tenant = ws.kind === 'club' ? sql`and federation_id = ${ws.federationId}` : sql`and ${matches.visible(sql, ws)}`;
  const club = ws.kind === 'club' ? ws.id : f.club_id;
  if (club === undefined) {
    // By status (`sortKeyFilter`), matches_federation_status_idx (sql/00019) serves the page; as
    // `status = …` the planner walked the federation's index by kickoff past every played match.
    return sql<MatchRow[]>`
      select ${columns} from matches where ${matches.visible(sql, ws)} ${where}
      order by ${status.orderBefore ? sql`${status.orderBefore}, ` : nothing}scheduled_at, id limit ${limit}`;
  }
  return sql<MatchRow[]>`
    (select ${columns} from matches where home_club_id = ${club} ${tenant} ${where} order by scheduled_at, id limit ${limit})
    union all
    (select ${columns} from matches where away_club_id = ${club} and home_club_id <> ${club} ${tenant} ${where}
      order by scheduled_at, id limit ${limit})
    order by scheduled_at, id limit ${limit}`;
}
