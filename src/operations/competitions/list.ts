// The one list both kinds serve: the competitions the caller sees.
import * as v from 'valibot';
import { competitions, competitionMachine } from '../../resources/competitions.js';
import { equals, listById } from '../listing.js';
import type { ReadContext } from '../operation.js';
import { enumFilter, id, listQuery } from '../schemas.js';

export const competitionsQuery = listQuery({ status: enumFilter(competitionMachine.states), season_id: v.optional(id) });

/** Both lists: the competitions the caller sees (competitions.visible), by id. */
export const competitionsPage = (ctx: ReadContext<undefined, v.InferOutput<typeof competitionsQuery>>) =>
  listById(ctx, { store: competitions, filters: [equals(ctx, 'status', ctx.query.status), equals(ctx, 'season_id', ctx.query.season_id)] });

