import { instant } from '../../db/instant.js';
import { completeIfDone } from '../../resources/competitions.js';
import { expectState, transitionFrom } from '../../resources/machine.js';
import { matchView } from '../../resources/match-details.js';
import { matches, matchMachine, openStates } from '../../resources/matches.js';
import { followMatch } from '../../resources/officials.js';
import { defineOperation } from '../operation.js';
import { federationMatchOut, matchPatchBody } from './schemas.js';

/** The machine's action that leads to the status a PATCH asks for. */
const actionTo = { postponed: 'postpone', scheduled: 'reschedule', cancelled: 'cancel' } as const;

export default defineOperation({
  summary: 'Reschedule, move, postpone or cancel a match still to be played (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/federation/matches/{match_id}',
  scope: 'federation:matches:write',
  body: matchPatchBody,
  response: federationMatchOut,
  lock: { store: matches, param: 'match_id' },
  refusals: ['invalid_state', 'conflict'],
  async handler(ctx) {
    const { body, locked: current } = ctx;
    expectState('match', current, openStates, 'updated');
    const set: Record<string, unknown> = {};
    let action = 'updated';
    if (body.status !== undefined && body.status !== current.status) {
      const transition = transitionFrom(matchMachine, actionTo[body.status], current);
      set.status = transition.to;
      action = transition.done;
    }
    const moved = body.scheduled_at !== undefined && instant(body.scheduled_at).getTime() !== current.scheduled_at.getTime();
    if (moved) set.scheduled_at = instant(body.scheduled_at!);
    if (body.venue !== undefined && body.venue !== current.venue) set.venue = body.venue;
    if (Object.keys(set).length === 0) return { data: await matchView(ctx.unit.sql, ctx.workspace, current) };
    const row = await matches.update(ctx.unit, current, set, action);
    if (moved) await followMatch(ctx.unit, row);
    if (row.status === 'cancelled') await completeIfDone(ctx.unit, row.competition_id);
    return { data: await matchView(ctx.unit.sql, ctx.workspace, row) };
  },
});
