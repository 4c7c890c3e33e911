import { invalidField, ruleViolation } from '../../errors.js';
import { competitions, competitionMachine } from '../../resources/competitions.js';
import { acceptedSides } from '../../resources/entries.js';
import { fixtures } from '../../resources/fixtures.js';
import { insertFixtures } from '../../resources/matches.js';
import { isStorableInstant } from '../schemas.js';
import { transitionOperation } from '../transition.js';
import { competitionOut, fixturesBody } from './schemas.js';

/** A round robin of more is not a league (domain.md, Competition). */
const maxEntries = 64;

export default transitionOperation({
  summary: 'Generate the fixtures of a closed competition (round robin); answers the competition',
  path: '/v1/federation/competitions/{competition_id}/fixtures',
  scope: 'federation:competitions:write',
  store: competitions,
  machine: competitionMachine,
  action: 'schedule',
  body: fixturesBody,
  response: competitionOut,
  reasons: ['not_enough_entries', 'too_many_entries'],
  // The entries are read once, after the status write; a refusal rolls that write back with the unit.
  async effect(ctx, row) {
    const { body, unit } = ctx;
    const sides = await acceptedSides(unit.sql, unit.workspace, row.id);
    if (sides.length < 2) throw ruleViolation('not_enough_entries', `competition ${row.id} has ${sides.length} accepted entries; fixtures need 2`);
    if (sides.length > maxEntries) {
      throw ruleViolation('too_many_entries', `competition ${row.id} has ${sides.length} accepted entries; fixtures take at most ${maxEntries}`);
    }
    const drawn = fixtures(sides, {
      legs: row.legs,
      firstRoundOn: body.first_round_on ?? row.starts_on,
      daysBetweenRounds: body.days_between_rounds ?? 7,
      kickoffTime: body.kickoff_time ?? '15:00',
    });
    // Checked before Postgres sees it: a kickoff past 9999-12-31 has no RFC 3339 form.
    if (drawn.some((f) => !isStorableInstant(f.scheduledAt))) {
      throw invalidField('/first_round_on', `the last round would be after 9999-12-31: ${drawn.length} matches need an earlier first round`);
    }
    await insertFixtures(unit, row.id, drawn);
  },
});
