import { ruleViolation } from '../../errors.js';
import { clubs } from '../../resources/clubs.js';
import { competitions, deadlinePassed } from '../../resources/competitions.js';
import { entries, expectRoom } from '../../resources/entries.js';
import { expectState } from '../../resources/machine.js';
import { teams } from '../../resources/teams.js';
import { defineOperation } from '../operation.js';
import { entryCreateBody, entryOut } from './schemas.js';

export default defineOperation({
  summary: 'Enter one of the club\'s teams in an open competition',
  method: 'POST',
  path: '/v1/club/competitions/{competition_id}/entries',
  scope: 'club:competitions:write',
  body: entryCreateBody,
  response: entryOut,
  // The competition's lock serialises entries, so max_entries holds under concurrent requests.
  lock: { store: competitions, param: 'competition_id' },
  reasons: ['deadline_passed', 'team_not_eligible', 'club_suspended'],
  refusals: ['conflict', 'invalid_state'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const competition = ctx.locked;
    expectState('competition', competition, ['open'], 'entered');
    if (deadlinePassed(competition)) {
      throw ruleViolation('deadline_passed', `entries to competition ${competition.id} closed at the end of ${competition.entry_deadline}`);
    }
    const team = await teams.referenced(sql, ctx.workspace, ctx.body.team_id, '/team_id');
    if (team.status !== 'active') throw ruleViolation('team_not_eligible', `team ${team.id} is archived`);
    if (team.season_id !== competition.season_id) {
      throw ruleViolation('team_not_eligible', `team ${team.id} plays in season ${team.season_id}, the competition in season ${competition.season_id}`);
    }
    const club = await clubs.get(sql, ctx.workspace, ctx.workspace.id);
    if (club.status !== 'active') throw ruleViolation('club_suspended', `club ${club.id} is suspended`);
    await expectRoom(sql, ctx.workspace, competition);
    const entry = await entries.insert(ctx.unit, {
      federation_id: ctx.workspace.federationId, competition_id: competition.id, club_id: club.id, team_id: team.id, team_name: team.name,
    });
    return { status: 201, data: entry };
  },
});
