import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { teamOut, teamPatchBody } from './schemas.js';
import { checkSeason, findTeam, teamWithRoster } from './store.js';

export const clubTeamsUpdate = defineOperation({
  id: 'club.teams.update',
  summary: 'Change a team (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/teams/{team_id}',
  kind: 'club',
  scope: 'club:teams:write',
  params: idParams('team_id'),
  body: teamPatchBody,
  response: teamOut,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'teams', ctx.workspace.id, ctx.params.team_id),
  async handler(ctx) {
    const { sql, body } = ctx;
    const clubId = ctx.workspace.id;
    const teamId = ctx.params.team_id;
    const current = await findTeam(sql, clubId, teamId, true);
    const keys = Object.keys(body) as (keyof typeof body)[];
    if (keys.length > 0) {
      // Archiving or restoring alone stays possible for the teams of a closed season.
      if (keys.some((k) => k !== 'status')) await checkSeason(sql, ctx.workspace.federationId, body.season_id ?? current.season_id);
      const [row] = await sql<{ version: number }[]>`
        update teams set ${sql(body, ...keys)}, version = version + 1, updated_at = now()
        where id = ${teamId} and club_id = ${clubId} returning version`;
      ctx.change({ resourceType: 'team', resourceId: teamId, action: 'updated', version: row!.version });
    }
    const { team, data } = await teamWithRoster(sql, clubId, teamId);
    return { data, version: team.version };
  },
});
