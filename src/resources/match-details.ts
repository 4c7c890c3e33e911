// What a match answer carries beside its row: the clubs' reports, the officials and the lineups.
// A club sees its own lineup; the federation sees both, with persons instead of club members.
import { nothing } from '../db/driver.js';
import type { Workspace } from '../workspace.js';
import { columnsOf, out, type RowOf } from './fields.js';
import { shapeMatch, valuesOf, type MatchRow, type ShownMatch } from './matches.js';
import { assignmentFields, type Assignment } from './officials.js';
import { groupBy, omit } from './rows.js';
import type { Db } from './unit.js';

/** A club's latest report of a match's score, as answers show it. */
export const reportFields = { club_id: out.id, home_score: out.integer, away_score: out.integer, reported_at: out.instant };
type Report = RowOf<typeof reportFields> & { match_id: string };
type MatchAssignment = Assignment & { match_id: string };
interface Player { club_id: string; member_id: string; person_id: string | null; shirt_number: number; starter: boolean; submitted_at: Date }

/** Reports and officials of a page of matches, two queries whatever the page size. */
async function detailsOf(db: Db, ws: Workspace, ids: string[]) {
  const [reports, officials] = await Promise.all([
    db<Report[]>`select match_id, ${db(columnsOf(reportFields))} from match_reports
      where federation_id = ${ws.federationId} and match_id = any(${ids}::bigint[]) order by reported_at, club_id`,
    db<MatchAssignment[]>`select match_id, ${db(columnsOf(assignmentFields))} from match_officials
      where federation_id = ${ws.federationId} and match_id = any(${ids}::bigint[]) order by role, official_id`,
  ]);
  const reportsOf = groupBy(reports, 'match_id');
  const officialsOf = groupBy(officials, 'match_id');
  return (id: string) => ({
    reports: (reportsOf.get(id) ?? []).map((r) => omit(r, ['match_id'])),
    officials: (officialsOf.get(id) ?? []).map((o) => omit(o, ['match_id'])),
  });
}

/** Matches as lists show them: sides, reports and officials, without lineups. */
export async function listItems(db: Db, ws: Workspace, shown: ShownMatch[]) {
  const details = await detailsOf(db, ws, shown.map((m) => m.id));
  // Assigned, not spread: a second spread in one literal is V8's slow path too (src/resources/rows.ts).
  return shown.map((match) => Object.assign(match, details(match.id)));
}

async function playersOf(db: Db, ws: Workspace, match: MatchRow, clubId?: string): Promise<Player[]> {
  return db<Player[]>`
    select club_id, member_id, person_id, shirt_number, starter, submitted_at from lineup_players
    where federation_id = ${ws.federationId} and match_id = ${match.id} ${clubId ? db`and club_id = ${clubId}` : nothing}
    order by club_id, not starter, shirt_number`;
}

function lineups<P>(players: Player[], shape: (p: Player) => P) {
  const clubs = [...new Set(players.map((p) => p.club_id))];
  return clubs.map((club_id) => {
    const own = players.filter((p) => p.club_id === club_id);
    const submitted = own.reduce((at, p) => (p.submitted_at > at ? p.submitted_at : at), own[0]!.submitted_at);
    return { club_id, players: own.map(shape), submitted_at: submitted };
  });
}

/**
 * One match as `get` serves it to the caller, its details and lineups read together: a club sees
 * its own lineup (null before it submitted one), the federation both.
 */
export async function matchView(db: Db, ws: Workspace, row: MatchRow) {
  const club = ws.kind === 'club' ? ws.id : undefined;
  const [[item], players] = await Promise.all([listItems(db, ws, [shapeMatch(valuesOf(row))]), playersOf(db, ws, row, club)]);
  if (club) return Object.assign(item!, { lineup: lineups(players, (p) => ({ member_id: p.member_id, shirt_number: p.shirt_number, starter: p.starter }))[0] ?? null });
  return Object.assign(item!, { lineups: lineups(players, (p) => ({ person_id: p.person_id, shirt_number: p.shirt_number, starter: p.starter })) });
}
