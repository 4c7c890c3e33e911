// The one list both kinds serve: a keyset page of the matches the caller sees.
import * as v from 'valibot';
import { listItems } from '../../resources/match-details.js';
import { matchListQuery, type MatchFilters, type MatchPosition } from '../../resources/match-list.js';
import type { ReadContext } from '../operation.js';
import { afterCursor, page } from '../paging.js';
import { enumFilter, id, timestamp } from '../schemas.js';
import { matchMachine, shapeMatch, type MatchValues, type ShownMatch } from '../../resources/matches.js';

/** The filters both match lists share. */
export const matchFilters = {
  from: v.optional(v.pipe(timestamp, v.description('Matches scheduled at or after this instant.'))),
  to: v.optional(v.pipe(timestamp, v.description('Matches scheduled at or before this instant.'))),
  team_id: v.optional(id),
  competition_id: v.optional(id),
  status: enumFilter(matchMachine.states),
};

type ListContext = ReadContext<undefined, MatchFilters & { limit: number; cursor?: string; [filter: string]: unknown }>;

/** Both lists: one keyset page of the match list query, by scheduled_at then id. */
export async function matchPage(ctx: ListContext) {
  const q = ctx.query;
  const after = afterCursor(ctx, q, ['instant', 'id']) as MatchPosition | undefined;
  // As arrays, not objects: see shapeMatch.
  const rows: MatchValues[] = await matchListQuery(ctx.db, ctx.workspace, q, after, q.limit + 1).values();
  const reply = page(ctx, q, rows.map(shapeMatch), (m: ShownMatch) => [m.scheduled_at.toISOString(), m.id]);
  return { ...reply, data: await listItems(ctx.db, ctx.workspace, reply.data as ShownMatch[]) };
}

