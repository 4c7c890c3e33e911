import * as v from 'valibot';
import { exampleMeta, id, out, text } from '../schemas.js';
import { rosterEntryFields, rosterRoles, teamFields, teamGenders, teamStatuses } from '../../resources/teams.js';

const gender = v.picklist(teamGenders, `must be one of ${teamGenders.join(', ')}`);
const status = v.picklist(teamStatuses, `must be one of ${teamStatuses.join(', ')}`);

const rosterEntryOut = v.object(rosterEntryFields);

const exampleTeam = { ...exampleMeta, id: '5', name: 'U14 Girls', season_id: '7', category: 'U14', gender: 'female', status: 'active' } as const;

export const teamOut = v.pipe(
  v.object({ ...teamFields, roster: v.array(rosterEntryOut) }),
  v.title('Team'),
  v.examples([{ ...exampleTeam, roster: [{ member_id: '42', role: 'player', shirt_number: 9, added_at: '2026-09-02T17:00:00.000Z' }] }]),
);
export const teamListItemOut = v.pipe(
  v.object({ ...teamFields, roster_size: out.integer }),
  v.title('TeamListItem'),
  v.examples([{ ...exampleTeam, roster_size: 16 }]),
);

export const teamCreateBody = v.pipe(v.strictObject({
  name: text(1, 80),
  season_id: id,
  category: text(1, 32),
  gender,
}), v.title('TeamCreate'), v.examples([{ name: 'U14 Girls', season_id: '7', category: 'U14', gender: 'female' }]));

export const teamPatchBody = v.pipe(v.strictObject({
  name: v.optional(text(1, 80)),
  season_id: v.optional(id),
  category: v.optional(text(1, 32)),
  gender: v.optional(gender),
  status: v.optional(status),
}), v.title('TeamPatch'), v.examples([{ name: 'U14 Girls A' }]));

export const rosterPutBody = v.pipe(
  v.strictObject({
    role: v.picklist(rosterRoles, `must be one of ${rosterRoles.join(', ')}`),
    shirt_number: v.optional(v.nullable(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 99'), v.maxValue(99, 'must be from 1 to 99')))),
  }),
  v.title('RosterPut'),
  v.examples([{ role: 'player', shirt_number: 9 }]),
);
