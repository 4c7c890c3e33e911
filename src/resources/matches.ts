// A competition's matches: both clubs of a match and the federation see it.
import * as v from 'valibot';
import { ApiError } from '../errors.js';
import { utcDay } from './calendar.js';
import type { Fixture } from './fixtures.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';
import { expectState, defineMachine } from './machine.js';
import { defineStore } from './store.js';
import type { Side } from './standings.js';
import type { Unit } from './unit.js';

/** A competition is played once or home and away; a match is its first or second leg. */
export const legs = [1, 2] as const;
/** Who settled a played match's score: both clubs' agreeing reports, or the federation. */
export const resultSources = ['reports', 'federation'] as const;

export const matchMachine = defineMachine('match', ['scheduled', 'postponed', 'played', 'cancelled'], {
  postpone: { from: ['scheduled'], to: 'postponed', done: 'postponed' },
  reschedule: { from: ['postponed'], to: 'scheduled', done: 'rescheduled' },
  cancel: { from: ['scheduled', 'postponed'], to: 'cancelled', done: 'cancelled' },
  // Both clubs' reports agree.
  play: { from: ['scheduled', 'postponed'], to: 'played', done: 'played' },
  // The federation's result, or its correction of a played match.
  result: { from: ['scheduled', 'postponed', 'played'], to: 'played', done: 'result_recorded' },
});

/** A side of a match as answers show it. */
const sideFields = { entry_id: out.id, club_id: out.id, team_id: out.id, team_name: v.string() };
type SideName = 'home' | 'away';
const isSide = (key: string): key is SideName => key === 'home' || key === 'away';

/** A match as the API answers it, its sides as objects. */
export const matchFields = {
  ...resourceMeta,
  competition_id: out.id,
  round: v.pipe(out.integer, v.description('1… across both legs: leg 2 continues leg 1\'s numbering.')),
  leg: v.picklist(legs),
  home: v.object(sideFields),
  away: v.object(sideFields),
  scheduled_at: out.instant,
  venue: v.nullable(v.string()),
  status: v.picklist(matchMachine.states),
  home_score: v.nullable(out.integer),
  away_score: v.nullable(out.integer),
  result_source: v.nullable(v.picklist(resultSources)),
};

type SideColumns = { [K in keyof typeof sideFields as `${SideName}_${K}`]: (typeof sideFields)[K] };
/** The same fields as the table stores them: each side as four columns (`home_entry_id`, …), in place. */
const storedFields = Object.fromEntries(Object.entries(matchFields).flatMap(([key, schema]): [string, v.GenericSchema][] => (isSide(key)
  ? Object.entries(sideFields).map(([field, side]) => [`${key}_${field}`, side])
  : [[key, schema]]))) as Omit<typeof matchFields, SideName> & SideColumns;

export type MatchRow = RowOf<typeof storedFields>;
/** A match as answers show it. */
export type ShownMatch = RowOf<typeof matchFields>;

const columns = columnsOf(storedFields);

export const matches = defineStore<MatchRow>({
  type: 'match',
  table: 'matches',
  columns,
  visible: (sql, ws) => (ws.kind === 'club'
    ? sql`federation_id = ${ws.federationId} and (home_club_id = ${ws.id} or away_club_id = ${ws.id})`
    : sql`federation_id = ${ws.id}`),
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
    select ${workspace.federationId}, ${competitionId}, (f->>0)::int, (f->>1)::int,
      (f->>2)::bigint, (f->>3)::bigint, (f->>4)::bigint, f->>5, (f->>6)::bigint, (f->>7)::bigint, (f->>8)::bigint, f->>9,
      timestamptz 'epoch' + (f->>10)::bigint * interval '1 millisecond'
    from jsonb_array_elements(${fixtures}) as f`;
  // The audience of matches.audience: both clubs (once for a derby) and the federation.
  unit.record({ type: 'match', action: 'created', rows: sql`
    select m.id, m.version, w.id from matches m
      cross join lateral (select distinct unnest(array[m.home_club_id, m.away_club_id, ${workspace.federationId}::bigint])) as w(id)
    where m.federation_id = ${workspace.federationId} and m.competition_id = ${competitionId} order by m.id` });
}

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

/** A match row as an array of the store's columns in order, as `.values()` reads it. */
export type MatchValues = readonly unknown[];

export const valuesOf = (row: MatchRow): MatchValues => columns.map((column) => row[column as keyof MatchRow]);

const sideKeys = Object.keys(sideFields);
/** Each answer key with its column's position, or a side's with its columns' positions. */
const plan = Object.keys(matchFields).map((key) => [key,
  isSide(key) ? sideKeys.map((field) => columns.indexOf(`${key}_${field}`)) : columns.indexOf(key)] as const);

/**
 * The match as answers show it, from its columns as an array. Pages are read as arrays: postgres.js
 * adds an object row's fields one by one, and with the table's 21 columns V8 keeps such rows as
 * dictionaries, slow to build and to read (a page of 25 cost 120–170 µs of CPU more, measured A/B).
 * The answer's 15 keys stay a fast object.
 */
export function shapeMatch(values: MatchValues): ShownMatch {
  const shown: Record<string, unknown> = {};
  for (const [key, at] of plan) {
    if (typeof at === 'number') shown[key] = values[at];
    else {
      const side: Record<string, unknown> = {};
      for (let i = 0; i < sideKeys.length; i++) side[sideKeys[i]!] = values[at[i]!];
      shown[key] = side;
    }
  }
  return shown as ShownMatch;
}
