import * as v from 'valibot';
import { email, text } from '../schemas.js';
import { officialStatuses, officialFields } from '../../resources/officials.js';

export const officialOut = v.pipe(v.object(officialFields), v.title('Official'), v.examples([{
  id: '17', first_name: 'Sanne', last_name: 'de Vries', email: 'sanne.devries@example.org', grade: 'National A', status: 'active',
  created_at: '2026-05-02T08:00:00.000Z', updated_at: '2026-05-02T08:00:00.000Z', version: 1,
}]));

export const officialCreateBody = v.pipe(v.strictObject({
  first_name: text(1, 80),
  last_name: text(1, 80),
  email: v.optional(v.nullable(email)),
  grade: text(1, 32),
}), v.title('OfficialCreate'), v.examples([{ first_name: 'Sanne', last_name: 'de Vries', email: 'sanne.devries@example.org', grade: 'National A' }]));

export const officialPatchBody = v.pipe(v.strictObject({
  first_name: v.optional(text(1, 80)),
  last_name: v.optional(text(1, 80)),
  email: v.optional(v.nullable(email)),
  grade: v.optional(text(1, 32)),
  status: v.optional(v.picklist(officialStatuses, 'must be one of active, inactive')),
}), v.title('OfficialPatch'), v.examples([{ grade: 'National B', status: 'inactive' }]));
