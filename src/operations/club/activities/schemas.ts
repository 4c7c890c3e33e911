import * as v from 'valibot';
import { date, id, resourceMeta, text, timestamp } from '../../schemas.js';

export const activityKinds = ['training', 'match', 'meeting', 'other'] as const;
export const activityStatuses = ['scheduled', 'cancelled'] as const;
export const attendanceStatuses = ['present', 'absent', 'excused', 'late'] as const;

const kind = v.picklist(activityKinds, `must be one of ${activityKinds.join(', ')}`);

export const attendanceOut = v.object({
  member_id: v.string(),
  status: v.picklist(attendanceStatuses),
  note: v.nullable(v.string()),
  recorded_at: v.string(),
});

const activityFields = {
  ...resourceMeta,
  kind: v.picklist(activityKinds),
  title: v.string(),
  team_id: v.nullable(v.string()),
  starts_at: v.string(),
  ends_at: v.string(),
  location: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  status: v.picklist(activityStatuses),
  cancel_reason: v.nullable(v.string()),
};

export const activityOut = v.object({ ...activityFields, attendance: v.array(attendanceOut) });
export const activityListItemOut = v.object({
  ...activityFields,
  attendance_summary: v.object({ present: v.number(), absent: v.number(), excused: v.number(), late: v.number() }),
});

export const activityCreateBody = v.strictObject({
  kind,
  title: text(1, 120),
  team_id: v.optional(v.nullable(id)),
  starts_at: timestamp,
  ends_at: timestamp,
  location: v.optional(v.nullable(text(1, 200))),
  notes: v.optional(v.nullable(text(1, 2000))),
});

export const activityPatchBody = v.strictObject({
  kind: v.optional(kind),
  title: v.optional(text(1, 120)),
  team_id: v.optional(v.nullable(id)),
  starts_at: v.optional(timestamp),
  ends_at: v.optional(timestamp),
  location: v.optional(v.nullable(text(1, 200))),
  notes: v.optional(v.nullable(text(1, 2000))),
});

export const activityCancelBody = v.strictObject({ reason: v.optional(text(1, 500)) });

export const attendancePutBody = v.pipe(
  v.strictObject({
    status: v.picklist(attendanceStatuses, `must be one of ${attendanceStatuses.join(', ')}`),
    note: v.optional(v.nullable(text(1, 500))),
  }),
  v.title('AttendancePut'),
  v.examples([{ status: 'present', note: null }]),
);
