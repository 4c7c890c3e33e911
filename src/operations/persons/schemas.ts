import * as v from 'valibot';
import { personFields, personLicenseFields } from '../../resources/persons.js';

/** Exactly the registry fields domain.md lists: no contact data, no guardians, no member ids. */
export const personOut = v.pipe(
  v.object({
    ...personFields,
    licenses: v.pipe(v.array(v.object(personLicenseFields)), v.description('Every license linked to the person, newest first.')),
  }),
  v.title('Person'),
  v.examples([{
    id: '5120', first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt', birth_date: '2012-03-14', gender: 'female' as const,
    current_club_id: '41',
    licenses: [{ id: '9001', number: '2026-000123', season_id: '12', category_code: 'U14', club_id: '41', status: 'approved' as const }],
    created_at: '2026-08-05T09:00:00.000Z', updated_at: '2026-08-05T09:00:00.000Z', version: 1,
  }]),
);
