// Club activities with their attendance. An attendance row has no version of its own: recording
// it changes the activity.
import * as v from 'valibot';
import { invalidField } from '../errors.js';
import { defineMachine, expectState } from './machine.js';
import { defineStore, type Versioned } from './store.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

export const activityKinds = ['training', 'match', 'meeting', 'other'] as const;
export const attendanceStatuses = ['present', 'absent', 'excused', 'late'] as const;

export const activityMachine = defineMachine('activity', ['scheduled', 'cancelled'], {
  cancel: { from: ['scheduled'], to: 'cancelled', done: 'cancelled' },
});

/** An activity as the API answers it (alone with its attendance, in a list with its summary). */
export const activityFields = {
  ...resourceMeta,
  kind: v.picklist(activityKinds),
  title: v.string(),
  team_id: v.nullable(v.string()),
  starts_at: out.instant,
  ends_at: out.instant,
  location: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  status: v.picklist(activityMachine.states),
  cancel_reason: v.nullable(v.string()),
};
export type ActivityRow = RowOf<typeof activityFields>;

/** A member's attendance at an activity as the API answers it. */
export const attendanceFields = {
  member_id: v.string(),
  status: v.picklist(attendanceStatuses),
  note: v.nullable(v.string()),
  recorded_at: out.instant,
};

export const activities = defineStore<ActivityRow>({
  type: 'activity',
  table: 'activities',
  columns: columnsOf(activityFields),
  visible: (sql, ws) => (ws.kind === 'club' ? sql`club_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.id] }),
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
      insert into attendance (federation_id, activity_id, member_id, status, note)
      values (${unit.workspace.federationId}, ${activity.id}, ${member.id}, ${status}, ${note})
      on conflict (federation_id, activity_id, member_id) do update set status = excluded.status, note = excluded.note, recorded_at = now()
      returning (xmax = 0) as created`;
    return { activity: await activities.update(unit, activity), created: row!.created };
  },
};

/** The activity as `get` serves it: with its attendance. */
export async function withAttendance(db: Db, ws: Workspace, activity: ActivityRow) {
  const attendance = await db`
    select ${db(columnsOf(attendanceFields))} from attendance
    where federation_id = ${ws.federationId} and activity_id = ${activity.id} order by member_id`;
  return { ...activity, attendance };
}
