// Club activities with their attendance. An attendance row has no version of its own: recording
// it changes the activity.
import { invalidField } from '../errors.js';
import { defineMachine, expectState } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Db, Unit } from './unit.js';

export const activityKinds = ['training', 'match', 'meeting', 'other'] as const;
export const attendanceStatuses = ['present', 'absent', 'excused', 'late'] as const;

export interface ActivityRow extends Versioned {
  kind: (typeof activityKinds)[number];
  title: string;
  team_id: string | null;
  starts_at: Date;
  ends_at: Date;
  location: string | null;
  notes: string | null;
  status: (typeof activityMachine.states)[number];
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export const activities = defineStore<ActivityRow>({
  type: 'activity',
  table: 'activities',
  columns: ['id', 'kind', 'title', 'team_id', 'starts_at', 'ends_at', 'location', 'notes', 'status', 'cancel_reason',
    'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
});

export const activityMachine = defineMachine('activity', ['scheduled', 'cancelled'], {
  cancel: { from: ['scheduled'], to: 'cancelled', done: 'cancelled' },
});

/** Only a scheduled activity changes: an update or attendance on a cancelled one is 409. */
export function expectScheduled(activity: ActivityRow, done: string): void {
  expectState('activity', activity, ['scheduled'], done);
}

export function expectEndAfterStart(startsAt: Date, endsAt: Date): void {
  if (endsAt.getTime() <= startsAt.getTime()) throw invalidField('/ends_at', 'must be after starts_at');
}

/**
 * An activity's attendance. A row has no version of its own: each write bumps the activity's and
 * records the activity's change, as a store command does.
 */
export const attendance = {
  /** Records the member's attendance (replacing an earlier record); answers whether it is the first. */
  async put(unit: Unit, activity: ActivityRow, member: Versioned, status: (typeof attendanceStatuses)[number], note: string | null):
  Promise<{ activity: ActivityRow; created: boolean }> {
    const [row] = await unit.sql<{ created: boolean }[]>`
      insert into attendance (activity_id, member_id, status, note) values (${activity.id}, ${member.id}, ${status}, ${note})
      on conflict (activity_id, member_id) do update set status = excluded.status, note = excluded.note, recorded_at = now()
      returning (xmax = 0) as created`;
    return { activity: await activities.update(unit, activity), created: row!.created };
  },
};

/** The activity as `get` serves it: with its attendance. */
export async function withAttendance(db: Db, activity: ActivityRow) {
  const attendance = await db`
    select member_id, status, note, recorded_at from attendance where activity_id = ${activity.id} order by member_id`;
  return { ...activity, attendance };
}
