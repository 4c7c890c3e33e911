import * as v from 'valibot';

export const standingsRowOut = v.object({
  rank: v.number(),
  entry_id: v.string(),
  club_id: v.string(),
  team_id: v.string(),
  team_name: v.string(),
  played: v.number(),
  won: v.number(),
  drawn: v.number(),
  lost: v.number(),
  goals_for: v.number(),
  goals_against: v.number(),
  goal_difference: v.number(),
  points: v.number(),
});

const row = {
  rank: 1, entry_id: '40', club_id: '5', team_id: '88', team_name: 'VV Oranje U15', played: 3, won: 2, drawn: 1, lost: 0,
  goals_for: 7, goals_against: 2, goal_difference: 5, points: 7,
};

export const standingsRows = v.pipe(v.array(standingsRowOut), v.title('StandingsRows'), v.description(
  'Played matches only; by points, goal difference, goals for (descending), then team_name and entry_id (ascending). '
  + 'Every accepted entry has a row.'), v.examples([[row]]));

export const standingsOut = v.pipe(v.object({
  competition_id: v.string(),
  competition_status: v.string(),
  rows: standingsRows,
}), v.title('Standings'), v.examples([{ competition_id: '12', competition_status: 'scheduled', rows: [row] }]));
