import * as v from 'valibot';
import type { Sql, TransactionSql } from 'postgres';
import { ApiError } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { findTeam } from './store.js';

// Competition entries do not exist yet; once they do, this asks the entries table.
async function teamHasEntries(_sql: Sql | TransactionSql, _teamId: string): Promise<boolean> {
  return false;
}

export const clubTeamsDelete = defineOperation({
  id: 'club.teams.delete',
  summary: 'Delete a team that was never entered in a competition',
  method: 'DELETE',
  path: '/v1/club/teams/{team_id}',
  kind: 'club',
  scope: 'club:teams:write',
  params: idParams('team_id'),
  response: v.object({ id: v.string(), deleted: v.literal(true) }),
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'teams', ctx.workspace.id, ctx.params.team_id),
  async handler(ctx) {
    const { sql } = ctx;
    const clubId = ctx.workspace.id;
    const teamId = ctx.params.team_id;
    await findTeam(sql, clubId, teamId, true);
    if (await teamHasEntries(sql, teamId)) throw new ApiError('invalid_state', 'the team has competition entries');
    // Its activities stay, without a team: each is a change partners must see.
    const detached = await sql<{ id: string; version: number }[]>`
      update activities set team_id = null, version = version + 1, updated_at = now()
      where team_id = ${teamId} and club_id = ${clubId} returning id, version`;
    for (const a of detached) ctx.change({ resourceType: 'activity', resourceId: a.id, action: 'updated', version: a.version });
    await sql`delete from teams where id = ${teamId} and club_id = ${clubId}`;
    ctx.change({ resourceType: 'team', resourceId: teamId, action: 'deleted', version: null });
    return { data: { id: teamId, deleted: true } };
  },
});
