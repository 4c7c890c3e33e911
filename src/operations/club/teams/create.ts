import { defineOperation } from '../../operation.js';
import { teamCreateBody, teamOut as teamSchema } from './schemas.js';
import { checkSeason, teamOut, type TeamRow } from './store.js';

export const clubTeamsCreate = defineOperation({
  id: 'club.teams.create',
  summary: 'Create a team for a season of the club\'s federation',
  method: 'POST',
  path: '/v1/club/teams',
  kind: 'club',
  scope: 'club:teams:write',
  body: teamCreateBody,
  response: teamSchema,
  async handler(ctx) {
    const { body, sql } = ctx;
    await checkSeason(sql, ctx.workspace.federationId, body.season_id);
    const [team] = await sql<TeamRow[]>`
      insert into teams (club_id, name, season_id, category, gender)
      values (${ctx.workspace.id}, ${body.name}, ${body.season_id}, ${body.category}, ${body.gender})
      returning id, name, season_id, category, gender, status, created_at, updated_at, version`;
    ctx.change({ resourceType: 'team', resourceId: team!.id, action: 'created', version: team!.version });
    return { status: 201, data: teamOut(team!, []), location: `/v1/club/teams/${team!.id}` };
  },
});
