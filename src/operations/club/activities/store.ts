// Reads and checks the activity operations and attendance share.
import type { Sql, TransactionSql } from 'postgres';
import { ApiError } from '../../../errors.js';

type Db = Sql | TransactionSql;

export interface ActivityRow {
  id: string;
  kind: string;
  title: string;
  team_id: string | null;
  starts_at: Date;
  ends_at: Date;
  location: string | null;
  notes: string | null;
  status: string;
  cancel_reason: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The club's activity (locked for the write when `lock`), else 404. */
export async function findActivity(sql: Db, clubId: string, activityId: string, lock = false): Promise<ActivityRow> {
  const [row] = await sql<ActivityRow[]>`
    select id, kind, title, team_id, starts_at, ends_at, location, notes, status, cancel_reason, created_at, updated_at, version
    from activities where id = ${activityId} and club_id = ${clubId} ${lock ? sql`for update` : sql``}`;
  if (!row) throw new ApiError('not_found', 'no such activity');
  return row;
}

export function assertScheduled(activity: ActivityRow): void {
  if (activity.status !== 'scheduled') throw new ApiError('invalid_state', `the activity is ${activity.status}`);
}

/** Timestamps are kept to the millisecond the API shows (see sql/00007). */
export const instant = (value: string): Date => new Date(Math.floor(Date.parse(value)));

export function checkTimes(startsAt: Date, endsAt: Date): void {
  if (endsAt.getTime() <= startsAt.getTime()) {
    throw new ApiError('validation_failed', 'invalid /ends_at', { errors: [{ path: '/ends_at', message: 'must be after starts_at' }] });
  }
}

export async function checkTeam(sql: Db, clubId: string, teamId: string): Promise<void> {
  const [team] = await sql`select 1 from teams where id = ${teamId} and club_id = ${clubId}`;
  if (!team) throw new ApiError('validation_failed', 'invalid /team_id', { errors: [{ path: '/team_id', message: 'no such team in the club' }] });
}

export async function activityWithAttendance(sql: Db, clubId: string, activityId: string) {
  const activity = await findActivity(sql, clubId, activityId);
  const attendance = await sql`
    select member_id, status, note, recorded_at from attendance
    where activity_id = ${activityId} order by member_id`;
  return { activity, data: { ...activity, attendance } };
}
