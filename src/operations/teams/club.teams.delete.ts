import { ApiError } from '../../errors.js';
import { activities } from '../../resources/activities.js';
import { hasEntries, teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { deletedOut } from '../schemas.js';

export default defineOperation({
  summary: 'Delete a team that was never entered in a competition',
  method: 'DELETE',
  path: '/v1/club/teams/{team_id}',
  scope: 'club:teams:write',
  response: deletedOut,
  lock: { store: teams, param: 'team_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const team = ctx.locked;
    if (await hasEntries(ctx.unit.sql, ctx.workspace, team)) throw new ApiError('invalid_state', `team ${team.id} has competition entries`);
    // Its activities stay, without a team: each is a change partners must see.
    await activities.updateWhere(ctx.unit, ctx.unit.sql`team_id = ${team.id}`, { team_id: null });
    await teams.remove(ctx.unit, team);
    return { data: { id: team.id, deleted: true } };
  },
});
