import * as v from 'valibot';
import { out } from '../schemas.js';
import { competitionMachine } from '../../resources/competitions.js';

const standingsRowOut = v.object({
  rank: out.integer,
  entry_id: out.id,
  club_id: out.id,
  team_id: out.id,
  team_name: v.string(),
  played: out.integer,
  won: out.integer,
  drawn: out.integer,
  lost: out.integer,
  goals_for: out.integer,
  goals_against: out.integer,
  goal_difference: out.integer,
  points: out.integer,
});

const row = {
  rank: 1, entry_id: '40', club_id: '5', team_id: '88', team_name: 'VV Oranje U15', played: 3, won: 2, drawn: 1, lost: 0,
  goals_for: 7, goals_against: 2, goal_difference: 5, points: 7,
};

export const standingsRows = v.pipe(v.array(standingsRowOut), v.title('StandingsRows'), v.description(
  'Played matches only; by points, goal difference, goals for (descending), then team_name and entry_id (ascending). '
  + 'Every accepted entry has a row.'), v.examples([[row]]));

export const standingsOut = v.pipe(v.object({
  competition_id: out.id,
  competition_status: v.picklist(competitionMachine.states),
  rows: standingsRows,
}), v.title('Standings'), v.examples([{ competition_id: '12', competition_status: 'scheduled', rows: [row] }]));
