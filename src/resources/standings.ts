// A competition's table: a pure function of its accepted entries, its played matches and its
// points (domain.md, Standings). The federation's standings and the club's competition view
// both call it, so they cannot disagree.

export interface Points {
  win: number;
  draw: number;
  loss: number;
}

export interface Side {
  entry_id: string;
  club_id: string;
  team_id: string;
  team_name: string;
}

export interface PlayedMatch {
  home_entry_id: string;
  away_entry_id: string;
  home_score: number;
  away_score: number;
}

export interface StandingsRow extends Side {
  rank: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
}

/** Ids are decimal strings: a shorter one is the smaller number. */
const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
/** Code point order: the same table on every machine, whatever its locale. */
const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Points, goal difference, goals for (descending), then team name and entry id (ascending). */
function compareRows(a: StandingsRow, b: StandingsRow): number {
  return b.points - a.points
    || b.goal_difference - a.goal_difference
    || b.goals_for - a.goals_for
    || byName(a.team_name, b.team_name)
    || byId(a.entry_id, b.entry_id);
}

export function standings(entries: readonly Side[], played: readonly PlayedMatch[], points: Points): StandingsRow[] {
  const rows = new Map<string, StandingsRow>(entries.map((e) => [e.entry_id, {
    rank: 0, entry_id: e.entry_id, club_id: e.club_id, team_id: e.team_id, team_name: e.team_name,
    played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0,
  }]));
  const count = (row: StandingsRow | undefined, scored: number, conceded: number) => {
    if (!row) return;
    row.played++;
    row.goals_for += scored;
    row.goals_against += conceded;
    row.goal_difference = row.goals_for - row.goals_against;
    const outcome = scored > conceded ? 'won' : scored < conceded ? 'lost' : 'drawn';
    row[outcome]++;
    row.points += outcome === 'won' ? points.win : outcome === 'lost' ? points.loss : points.draw;
  };
  for (const m of played) {
    count(rows.get(m.home_entry_id), m.home_score, m.away_score);
    count(rows.get(m.away_entry_id), m.away_score, m.home_score);
  }
  return [...rows.values()].sort(compareRows).map((row, i) => ({ ...row, rank: i + 1 }));
}
