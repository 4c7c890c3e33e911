import * as v from 'valibot';
import { entryOut } from '../entries/schemas.js';
import { standingsRows } from '../standings/schemas.js';
import { date, fromToday, id, readOnly, text } from '../schemas.js';
import { competitionFields } from '../../resources/competitions.js';
import { legs } from '../../resources/matches.js';

const int = (min: number, max: number) => v.pipe(v.number(), v.integer('must be an integer'),
  v.minValue(min, `must be from ${min} to ${max}`), v.maxValue(max, `must be from ${min} to ${max}`));
const legCount = v.picklist(legs, `must be ${legs.join(' or ')}`);
const maxEntries = v.pipe(int(2, 1000), v.description('Pending and accepted entries together.'));
const deadline = v.pipe(date, v.description('Entries close at the end of this UTC day.'));
const pointsIn = v.strictObject({ win: int(0, 100), draw: int(0, 100), loss: int(0, 100) });

const example = {
  id: '12', name: 'Eredivisie U15 girls', season_id: '3', category_id: '7', legs: 2, status: 'open',
  entry_deadline: '2026-08-15', starts_on: '2026-09-05', max_entries: 12, points: { win: 3, draw: 1, loss: 0 },
  created_at: '2026-06-01T09:30:00.000Z', updated_at: '2026-06-02T10:00:00.000Z', version: 2,
} as const;

export const competitionOut = v.pipe(v.object(competitionFields), v.title('Competition'), v.examples([example]));
const competitionExample = example;

export const competitionCreateBody = v.pipe(v.strictObject({
  name: text(1, 120),
  season_id: id,
  category_id: v.optional(v.nullable(id)),
  legs: v.optional(legCount),
  entry_deadline: v.optional(v.nullable(deadline)),
  starts_on: date,
  max_entries: v.optional(v.nullable(maxEntries)),
  points: v.optional(v.pipe(pointsIn, v.description('Defaults to 3 for a win, 1 for a draw, 0 for a loss.'))),
}), v.description('`entry_deadline`, when set, must not be after `starts_on`.'), v.title('CompetitionCreate'), v.examples([{
  name: 'Eredivisie U15 girls', season_id: '3', category_id: '7', legs: 2, entry_deadline: fromToday(30), starts_on: fromToday(60), max_entries: 12,
}]));

export const competitionPatchBody = v.pipe(v.strictObject({
  name: v.optional(text(1, 120)),
  season_id: v.optional(v.pipe(id, v.description('Only while the competition is a draft.'))),
  category_id: v.optional(v.nullable(id)),
  legs: v.optional(legCount),
  entry_deadline: v.optional(v.nullable(deadline)),
  starts_on: v.optional(date),
  max_entries: v.optional(v.nullable(maxEntries)),
  points: v.optional(pointsIn),
  status: readOnly('use the open, close and fixtures actions'),
}), v.description('The dates, changed or not, must leave `entry_deadline` not after `starts_on`.'), v.title('CompetitionPatch'), v.examples([{ entry_deadline: fromToday(37), max_entries: 14 }]));

export const fixturesBody = v.pipe(v.strictObject({
  first_round_on: v.optional(v.pipe(date, v.description('Defaults to the competition\'s starts_on.'))),
  days_between_rounds: v.optional(v.pipe(int(1, 60), v.description('Defaults to 7.'))),
  kickoff_time: v.optional(v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM'),
    v.description('UTC; defaults to 15:00.'))),
}), v.title('FixturesRequest'), v.examples([{ first_round_on: fromToday(60), days_between_rounds: 7, kickoff_time: '13:30' }]));

export const clubCompetitionOut = v.pipe(v.object({
  ...competitionFields,
  my_entries: v.pipe(v.array(entryOut), v.description('The club\'s own entries, every status.')),
  standings: v.pipe(v.nullable(standingsRows), v.description('Once the fixtures exist; null before.')),
}), v.title('ClubCompetition'), v.examples([{ ...competitionExample, status: 'open', my_entries: [], standings: null }]));
