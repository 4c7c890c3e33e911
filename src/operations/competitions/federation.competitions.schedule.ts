import { ruleViolation } from '../../errors.js';
import { competitions, competitionStates } from '../../resources/competitions.js';
import { acceptedSides } from '../../resources/entries.js';
import { fixtures } from '../../resources/fixtures.js';
import { insertFixtures } from '../../resources/matches.js';
import { transitionOperation } from '../transition.js';
import { competitionOut, fixturesBody } from './schemas.js';

/** A round robin of more is not a league (domain.md, Competition). */
const maxEntries = 64;

export const federationCompetitionsSchedule = transitionOperation({
  id: 'federation.competitions.schedule',
  summary: 'Generate the fixtures of a closed competition (round robin); answers the competition',
  path: '/v1/federation/competitions/{competition_id}/fixtures',
  kind: 'federation',
  scope: 'federation:competitions:write',
  store: competitions,
  machine: competitionStates,
  action: 'schedule',
  body: fixturesBody,
  response: competitionOut,
  reasons: ['not_enough_entries', 'too_many_entries'],
  async guard(ctx, row) {
    const sides = await acceptedSides(ctx.unit.sql, row.id);
    if (sides.length < 2) throw ruleViolation('not_enough_entries', `competition ${row.id} has ${sides.length} accepted entries; fixtures need 2`);
    if (sides.length > maxEntries) {
      throw ruleViolation('too_many_entries', `competition ${row.id} has ${sides.length} accepted entries; fixtures take at most ${maxEntries}`);
    }
  },
  async effect(ctx, row) {
    const { body, unit } = ctx;
    const sides = await acceptedSides(unit.sql, row.id);
    const drawn = fixtures(sides, {
      legs: row.legs,
      firstRoundOn: body.first_round_on ?? row.starts_on,
      daysBetweenRounds: body.days_between_rounds ?? 7,
      kickoffTime: body.kickoff_time ?? '15:00',
    });
    await insertFixtures(unit, row.id, drawn);
  },
});
