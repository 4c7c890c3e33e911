// A club's lineup for a match: who may play (domain.md, Match: lineup put) and the write.
import { invalidFields, ruleViolation, type FieldError } from '../errors.js';
import { matchDay, matches, type MatchRow } from './matches.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';

interface LineupPlayer {
  member_id: string;
  shirt_number: number;
  starter: boolean;
}

interface Standing {
  member_id: string;
  person_id: string | null;
  known: boolean;
  rostered: boolean;
  licensed: boolean;
  suspended: boolean;
}

/** A member or a shirt number twice in one lineup: 422 naming each repetition. */
export function expectDistinct(players: LineupPlayer[]): void {
  const errors: FieldError[] = [];
  players.forEach((p, i) => {
    if (players.findIndex((q) => q.member_id === p.member_id) < i) errors.push({ path: `/players/${i}/member_id`, message: 'names a player already in the lineup' });
    if (players.findIndex((q) => q.shirt_number === p.shirt_number) < i) errors.push({ path: `/players/${i}/shirt_number`, message: 'is worn by another player of the lineup' });
  });
  if (errors.length > 0) throw invalidFields(errors);
}

/**
 * For each player: a member of the club? on its team's roster as a player, licensed for the
 * competition's season, suspended that day?
 */
async function standings(db: Db, ws: Workspace, match: MatchRow, players: LineupPlayer[]): Promise<Standing[]> {
  const { id: clubId, federationId } = ws;
  const teams = [match.home_club_id === clubId ? match.home_team_id : null, match.away_club_id === clubId ? match.away_team_id : null]
    .filter((t): t is string => t !== null);
  const day = matchDay(match);
  return db<Standing[]>`
    select p.member_id, m.person_id, m.id is not null as known,
      exists (select from roster_entries r where r.federation_id = ${federationId} and r.member_id = m.id
        and r.team_id = any(${teams}::bigint[]) and r.role = 'player') as rostered,
      exists (select from licenses l where l.federation_id = ${federationId} and l.member_id = m.id and l.status = 'approved'
        and l.season_id = (select season_id from competitions where federation_id = ${federationId} and id = ${match.competition_id})) as licensed,
      exists (select from sanctions s where s.federation_id = ${federationId} and s.person_id = m.person_id
        and s.kind = 'suspension' and s.status = 'active'
        and s.starts_on <= ${day} and (s.ends_on is null or s.ends_on >= ${day})) as suspended
    from unnest(${players.map((p) => p.member_id)}::bigint[]) with ordinality as p(member_id, i)
    left join members m on m.federation_id = ${federationId} and m.id = p.member_id and m.club_id = ${clubId}
    order by p.i`;
}

/**
 * Every player may play, or one refusal naming each who may not: a member the club cannot see
 * is 422 `validation_failed`; then `player_not_eligible` (not a rostered player, or no approved
 * license for the season) and `player_suspended` (a suspension covering the match day).
 * Answers each player's person.
 */
export async function expectEligible(db: Db, ws: Workspace, match: MatchRow, players: LineupPlayer[]): Promise<(string | null)[]> {
  const rows = await standings(db, ws, match, players);
  const unknown = rows.flatMap((r, i) => (r.known ? [] : [{ path: `/players/${i}/member_id`, message: 'no such member in the club' }]));
  if (unknown.length > 0) throw invalidFields(unknown);
  const refused: FieldError[] = rows.flatMap((r, i): FieldError[] => {
    const path = `/players/${i}/member_id`;
    if (!r.rostered) return [{ path, message: `member ${r.member_id} is not a player on the team's roster`, reason: 'player_not_eligible' }];
    if (!r.licensed) return [{ path, message: `member ${r.member_id} holds no approved license for the season`, reason: 'player_not_eligible' }];
    if (r.suspended) return [{ path, message: `member ${r.member_id} is suspended on ${matchDay(match)}`, reason: 'player_suspended' }];
    return [];
  });
  if (refused.length > 0) {
    const reason = refused.some((e) => e.reason === 'player_not_eligible') ? 'player_not_eligible' : 'player_suspended';
    throw ruleViolation(reason, `${refused.length} player(s) may not play match ${match.id}`, refused);
  }
  return rows.map((r) => r.person_id);
}

/**
 * The clubs' lineups of a match. A lineup has no version of its own: each write bumps the match's
 * and records the match's change, as a store command does.
 */
export const lineups = {
  /** Replaces the club's lineup with `players` (each with its person); answers whether it had none before. */
  async put(unit: Unit, match: MatchRow, players: LineupPlayer[], persons: (string | null)[]): Promise<{ match: MatchRow; created: boolean }> {
    const { sql, workspace } = unit;
    // Sent together, run in this order.
    const [removed] = await Promise.all([
      sql`delete from lineup_players
        where federation_id = ${workspace.federationId} and match_id = ${match.id} and club_id = ${workspace.id} returning 1`,
      sql`insert into lineup_players ${sql(players.map((p, i) => ({
        match_id: match.id, club_id: workspace.id, federation_id: workspace.federationId, member_id: p.member_id, person_id: persons[i] ?? null,
        shirt_number: p.shirt_number, starter: p.starter,
      })))}`,
    ]);
    return { match: await matches.update(unit, match), created: removed.length === 0 };
  },
};
