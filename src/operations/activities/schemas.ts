import * as v from 'valibot';
import { exampleMeta, fromToday, id, out, text, timestamp } from '../schemas.js';
import { activityFields, activityKinds, attendanceFields, attendanceStatuses } from '../../resources/activities.js';

const kind = v.picklist(activityKinds, `must be one of ${activityKinds.join(', ')}`);

const attendanceOut = v.object(attendanceFields);

const exampleActivity = {
  ...exampleMeta, id: '17', kind: 'training', title: 'Tuesday training', team_id: '5', starts_at: '2026-11-24T17:30:00.000Z',
  ends_at: '2026-11-24T19:00:00.000Z', location: 'Field 2', notes: null, status: 'scheduled', cancel_reason: null,
} as const;

export const activityOut = v.pipe(
  v.object({ ...activityFields, attendance: v.array(attendanceOut) }),
  v.title('Activity'),
  v.examples([{ ...exampleActivity, attendance: [{ member_id: '42', status: 'present', note: null, recorded_at: '2026-11-24T19:05:00.000Z' }] }]),
);
export const activityListItemOut = v.pipe(
  v.object({
    ...activityFields,
    attendance_summary: v.object({ present: out.integer, absent: out.integer, excused: out.integer, late: out.integer }),
  }),
  v.title('ActivityListItem'),
  v.examples([{ ...exampleActivity, attendance_summary: { present: 14, absent: 1, excused: 1, late: 0 } }]),
);

export const activityCreateBody = v.pipe(v.strictObject({
  kind,
  title: text(1, 120),
  team_id: v.optional(v.nullable(id)),
  starts_at: timestamp,
  ends_at: timestamp,
  location: v.optional(v.nullable(text(1, 200))),
  notes: v.optional(v.nullable(text(1, 2000))),
}), v.description('`ends_at` must be after `starts_at`.'), v.title('ActivityCreate'), v.examples([{
  kind: 'training', title: 'Tuesday training', team_id: '5', starts_at: `${fromToday(3)}T17:30:00.000Z`, ends_at: `${fromToday(3)}T19:00:00.000Z`, location: 'Field 2',
}]));

export const activityPatchBody = v.pipe(v.strictObject({
  kind: v.optional(kind),
  title: v.optional(text(1, 120)),
  team_id: v.optional(v.nullable(id)),
  starts_at: v.optional(timestamp),
  ends_at: v.optional(timestamp),
  location: v.optional(v.nullable(text(1, 200))),
  notes: v.optional(v.nullable(text(1, 2000))),
}), v.description('The times, changed or not, must leave `ends_at` after `starts_at`.'), v.title('ActivityPatch'), v.examples([{ location: 'Field 3' }]));

export const activityCancelBody = v.pipe(v.strictObject({ reason: v.optional(text(1, 500)) }), v.title('ActivityCancel'), v.examples([{ reason: 'Field flooded' }]));

export const attendancePutBody = v.pipe(
  v.strictObject({
    status: v.picklist(attendanceStatuses, `must be one of ${attendanceStatuses.join(', ')}`),
    note: v.optional(v.nullable(text(1, 500))),
  }),
  v.title('AttendancePut'),
  v.examples([{ status: 'present', note: null }]),
);
