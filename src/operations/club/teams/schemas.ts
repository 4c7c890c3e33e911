import * as v from 'valibot';
import { id, resourceMeta, text } from '../../schemas.js';

export const teamGenders = ['female', 'male', 'mixed'] as const;
export const teamStatuses = ['active', 'archived'] as const;
export const rosterRoles = ['player', 'coach', 'assistant_coach', 'manager', 'medic'] as const;

const gender = v.picklist(teamGenders, `must be one of ${teamGenders.join(', ')}`);
const status = v.picklist(teamStatuses, `must be one of ${teamStatuses.join(', ')}`);

export const rosterEntryOut = v.object({
  member_id: v.string(),
  role: v.picklist(rosterRoles),
  shirt_number: v.nullable(v.number()),
  added_at: v.string(),
});

const teamFields = {
  ...resourceMeta,
  name: v.string(),
  season_id: v.string(),
  category: v.string(),
  gender: v.picklist(teamGenders),
  status: v.picklist(teamStatuses),
};

export const teamOut = v.object({ ...teamFields, roster: v.array(rosterEntryOut) });
export const teamListItemOut = v.object({ ...teamFields, roster_size: v.number() });

export const teamCreateBody = v.strictObject({
  name: text(1, 80),
  season_id: id,
  category: text(1, 32),
  gender,
});

export const teamPatchBody = v.strictObject({
  name: v.optional(text(1, 80)),
  season_id: v.optional(id),
  category: v.optional(text(1, 32)),
  gender: v.optional(gender),
  status: v.optional(status),
});

export const rosterPutBody = v.pipe(
  v.strictObject({
    role: v.picklist(rosterRoles, `must be one of ${rosterRoles.join(', ')}`),
    shirt_number: v.optional(v.nullable(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 99'), v.maxValue(99, 'must be from 1 to 99')))),
  }),
  v.title('RosterPut'),
  v.examples([{ role: 'player', shirt_number: 9 }]),
);
