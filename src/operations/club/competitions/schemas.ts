import * as v from 'valibot';
import { competitionExample, competitionFields } from '../../federation/competitions/schemas.js';
import { entryOut } from '../../federation/entries/schemas.js';
import { standingsRows } from '../../federation/standings/schemas.js';

export { competitionOut, competitionStatuses } from '../../federation/competitions/schemas.js';

export const clubCompetitionOut = v.pipe(v.object({
  ...competitionFields,
  my_entries: v.pipe(v.array(entryOut), v.description('The club\'s own entries, every status.')),
  standings: v.pipe(v.nullable(standingsRows), v.description('Once the fixtures exist; null before.')),
}), v.title('ClubCompetition'), v.examples([{ ...competitionExample, status: 'open', my_entries: [], standings: null }]));
