// A federation's competitions. Clubs of the federation see the open ones and those they have
// entries in; the federation sees all of its own.
import * as v from 'valibot';
import { invalidField } from '../errors.js';
import { defineMachine } from './machine.js';
import { todayUtc } from './calendar.js';
import { acceptedSides } from './entries.js';
import { legs } from './matches.js';
import { standings, type PlayedMatch, type StandingsRow } from './standings.js';
import { defineStore } from './store.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const competitionMachine = defineMachine('competition', ['draft', 'open', 'closed', 'scheduled', 'completed'], {
  open: { from: ['draft'], to: 'open', done: 'opened' },
  close: { from: ['open'], to: 'closed', done: 'closed' },
  schedule: { from: ['closed'], to: 'scheduled', done: 'scheduled' },
  // No operation: the last result does it (completeIfDone).
  complete: { from: ['scheduled'], to: 'completed', done: 'completed' },
});

/** A competition as the API answers it. */
export const competitionFields = {
  ...resourceMeta,
  name: v.string(),
  season_id: out.id,
  category_id: v.nullable(out.id),
  legs: v.picklist(legs),
  status: v.picklist(competitionMachine.states),
  entry_deadline: v.nullable(out.date),
  starts_on: out.date,
  max_entries: v.nullable(out.integer),
  points: v.object({ win: out.integer, draw: out.integer, loss: out.integer }),
};
export type CompetitionRow = RowOf<typeof competitionFields>;

export const competitions = defineStore<CompetitionRow>({
  type: 'competition',
  table: 'competitions',
  columns: columnsOf(competitionFields),
  visible: (sql, ws) => (ws.kind === 'federation'
    ? sql`federation_id = ${ws.id}`
    : sql`federation_id = ${ws.federationId} and (status = 'open'
        or exists (select from entries e where e.federation_id = competitions.federation_id
          and e.competition_id = competitions.id and e.club_id = ${ws.id}))`),
  // Once opened, every club of the federation has seen it: each hears of its later changes too.
  audience: (row, ws) => (row.status === 'draft'
    ? { workspaces: [ws.federationId] }
    : { workspaces: [ws.federationId], clubsOf: ws.federationId }),
});

/** Entries close at the end of the deadline's UTC day. */
export const deadlinePassed = (competition: CompetitionRow, today = todayUtc()): boolean =>
  competition.entry_deadline !== null && today > competition.entry_deadline;

/**
 * Completes the competition once every match is played or cancelled, in the transaction of the
 * write that made it so. The competition's lock serialises two last results committing at once:
 * the second one to take it sees the first one's match.
 */
export async function completeIfDone(unit: Unit, competitionId: string): Promise<void> {
  const { sql, workspace } = unit;
  const [competition] = await sql<CompetitionRow[]>`
    select ${competitions.selection} from competitions
    where federation_id = ${workspace.federationId} and id = ${competitionId} for update`;
  const { from, to, done } = competitionMachine.transitions.complete;
  if (!competition || !from.includes(competition.status as 'scheduled')) return;
  const [open] = await sql`
    select 1 from matches
    where federation_id = ${workspace.federationId} and competition_id = ${competitionId} and status in ('scheduled', 'postponed') limit 1`;
  if (!open) await competitions.update(unit, competition, { status: to }, done);
}

/** The competition's table, from its accepted entries and played matches (domain.md, Standings). */
export async function tableOf(db: Db, ws: Workspace, competition: CompetitionRow): Promise<StandingsRow[]> {
  const [sides, played] = await Promise.all([
    acceptedSides(db, ws, competition.id),
    db<PlayedMatch[]>`select home_entry_id, away_entry_id, home_score, away_score from matches
      where federation_id = ${ws.federationId} and competition_id = ${competition.id} and status = 'played'`,
  ]);
  return standings(sides, played, competition.points);
}

/** A competition's entry deadline falls on or before its start. */
export function expectDeadlineBeforeStart(deadline: string | null, startsOn: string): void {
  if (deadline !== null && deadline > startsOn) throw invalidField('/entry_deadline', 'must not be after starts_on');
}
