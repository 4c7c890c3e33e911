// A competition's matches: both clubs of a match and the federation see it.
import { ApiError } from '../errors.js';
import { utcDay } from './calendar.js';
import type { Fixture } from './fixtures.js';
import { expectState, defineMachine } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Side } from './standings.js';
import type { Unit } from './unit.js';

/** A competition is played once or home and away; a match is its first or second leg. */
export const legs = [1, 2] as const;
/** Who settled a played match's score: both clubs' agreeing reports, or the federation. */
export const resultSources = ['reports', 'federation'] as const;

export interface MatchRow extends Versioned {
  competition_id: string;
  round: number;
  leg: (typeof legs)[number];
  home_entry_id: string;
  home_club_id: string;
  home_team_id: string;
  home_team_name: string;
  away_entry_id: string;
  away_club_id: string;
  away_team_id: string;
  away_team_name: string;
  scheduled_at: Date;
  venue: string | null;
  status: (typeof matchMachine.states)[number];
  home_score: number | null;
  away_score: number | null;
  result_source: (typeof resultSources)[number] | null;
  created_at: Date;
  updated_at: Date;
}

const columns = ['id', 'competition_id', 'round', 'leg',
  'home_entry_id', 'home_club_id', 'home_team_id', 'home_team_name', 'away_entry_id', 'away_club_id', 'away_team_id', 'away_team_name',
  'scheduled_at', 'venue', 'status', 'home_score', 'away_score', 'result_source', 'created_at', 'updated_at', 'version'] as const satisfies readonly (keyof MatchRow)[];

export const matches = defineStore<MatchRow>({
  type: 'match',
  table: 'matches',
  columns,
  visible: (sql, ws) => (ws.kind === 'club' ? sql`(home_club_id = ${ws.id} or away_club_id = ${ws.id})` : sql`federation_id = ${ws.id}`),
  audience: (row, ws) => ({ workspaces: [row.home_club_id, row.away_club_id, ws.federationId] }),
});

/**
 * A competition's fixtures as new matches, in one statement whatever their number, and their
 * change rows as one change set that Postgres selects from them at commit. The matches go in as
 * one JSON document, kickoffs as epoch milliseconds: postgres.js serializes array parameters
 * value by value on the event loop, and a change per match built there (12 096 feed rows for a
 * 64-entry league) held it for 7–13 ms more. The competition was closed until this unit, so its
 * matches are the ones just inserted.
 */
export async function insertFixtures(unit: Unit, competitionId: string, drawn: readonly Fixture<Side>[]): Promise<void> {
  const { sql, workspace } = unit;
  const fixtures = sql.json(drawn.map((f) => [f.round, f.leg, f.home.entry_id, f.home.club_id, f.home.team_id, f.home.team_name,
    f.away.entry_id, f.away.club_id, f.away.team_id, f.away.team_name, f.scheduledAt.getTime()]));
  await sql`
    insert into matches (federation_id, competition_id, round, leg,
      home_entry_id, home_club_id, home_team_id, home_team_name, away_entry_id, away_club_id, away_team_id, away_team_name, scheduled_at)
    select ${workspace.id}, ${competitionId}, (f->>0)::int, (f->>1)::int,
      (f->>2)::bigint, (f->>3)::bigint, (f->>4)::bigint, f->>5, (f->>6)::bigint, (f->>7)::bigint, (f->>8)::bigint, f->>9,
      timestamptz 'epoch' + (f->>10)::bigint * interval '1 millisecond'
    from jsonb_array_elements(${fixtures}) as f`;
  // The audience of matches.audience: both clubs (once for a derby) and the federation.
  unit.record({ type: 'match', action: 'created', rows: sql`
    select m.id, m.version, w.id from matches m
      cross join lateral (select distinct unnest(array[m.home_club_id, m.away_club_id, ${workspace.federationId}::bigint])) as w(id)
    where m.competition_id = ${competitionId} order by m.id` });
}

export const matchMachine = defineMachine('match', ['scheduled', 'postponed', 'played', 'cancelled'], {
  postpone: { from: ['scheduled'], to: 'postponed', done: 'postponed' },
  reschedule: { from: ['postponed'], to: 'scheduled', done: 'rescheduled' },
  cancel: { from: ['scheduled', 'postponed'], to: 'cancelled', done: 'cancelled' },
  // Both clubs' reports agree.
  play: { from: ['scheduled', 'postponed'], to: 'played', done: 'played' },
  // The federation's result, or its correction of a played match.
  result: { from: ['scheduled', 'postponed', 'played'], to: 'played', done: 'result_recorded' },
});

/** The matches still to be played: lineups, reports and rescheduling are for these only. */
export const openStates = ['scheduled', 'postponed'] as const;

/** The clubs of the match; both are the same club when it entered two teams. */
export const clubsOf = (match: MatchRow): string[] => [...new Set([match.home_club_id, match.away_club_id])];

/** The UTC day of the match: suspensions and officials' days are counted in it. */
export const matchDay = (match: Pick<MatchRow, 'scheduled_at'>): string => utcDay(match.scheduled_at);

/** A club's lineup goes in before kickoff, while the match is still to be played. */
export function expectBeforeKickoff(match: MatchRow, now: Date): void {
  expectState('match', match, openStates, 'given a lineup');
  if (now.getTime() >= match.scheduled_at.getTime()) {
    throw new ApiError('invalid_state', `match ${match.id} kicked off at ${match.scheduled_at.toISOString()}; lineups close at kickoff`);
  }
}

/** A club reports the score after kickoff, while the match is still to be played. */
export function expectAfterKickoff(match: MatchRow, now: Date): void {
  expectState('match', match, openStates, 'reported on');
  if (now.getTime() < match.scheduled_at.getTime()) {
    throw new ApiError('invalid_state', `match ${match.id} kicks off at ${match.scheduled_at.toISOString()}; results are reported after kickoff`);
  }
}

export interface ShownSide { entry_id: string; club_id: string; team_id: string; team_name: string }
type SideColumn = `${'home' | 'away'}_${keyof ShownSide}`;
/** A match as answers show it: its sides as objects. */
export type ShownMatch = Omit<MatchRow, SideColumn> & { home: ShownSide; away: ShownSide };

/** A match row as an array of the store's columns in order, as `.values()` reads it. */
export type MatchValues = readonly unknown[];
const at = Object.fromEntries(columns.map((column, i) => [column, i])) as Record<(typeof columns)[number], number>;

export const valuesOf = (row: MatchRow): MatchValues => columns.map((column) => row[column]);

/**
 * The match as answers show it, from its columns as an array. Pages are read as arrays: postgres.js
 * adds an object row's fields one by one, and with the table's 21 columns V8 keeps such rows as
 * dictionaries, slow to build and to read (a page of 25 cost 120–170 µs of CPU more, measured A/B).
 */
export function shapeMatch(v: MatchValues): ShownMatch {
  const value = <T>(column: (typeof columns)[number]) => v[at[column]] as T;
  return {
    id: value('id'), competition_id: value('competition_id'), round: value('round'), leg: value('leg'),
    scheduled_at: value('scheduled_at'), venue: value('venue'), status: value('status'),
    home_score: value('home_score'), away_score: value('away_score'), result_source: value('result_source'),
    created_at: value('created_at'), updated_at: value('updated_at'), version: value('version'),
    home: { entry_id: value('home_entry_id'), club_id: value('home_club_id'), team_id: value('home_team_id'), team_name: value('home_team_name') },
    away: { entry_id: value('away_entry_id'), club_id: value('away_club_id'), team_id: value('away_team_id'), team_name: value('away_team_name') },
  };
}
