import * as v from 'valibot';
import { clubProfile } from '../profile/schemas.js';
import { text } from '../schemas.js';

export const federationClubOut = v.pipe(
  v.object({
    ...clubProfile.entries,
    counts: v.object({
      members_licensed: v.pipe(v.number(), v.description('Members holding an approved license valid today or later.')),
      teams: v.pipe(v.number(), v.description('Active teams.')),
    }),
  }),
  v.title('FederationClub'),
  v.examples([{
    id: '41', name: 'HC Utrecht', short_name: 'HCU', federation_id: '3', affiliation_number: 'A000041', status: 'active',
    email: 'secretary@hcu.example', phone: '+31 30 123 4567', website: 'https://hcu.example',
    address: { line1: 'Sportpark 1', line2: null, postal_code: '3584 AA', city: 'Utrecht', country: 'NL' }, founded_year: 1921,
    counts: { members_licensed: 212, teams: 14 },
    created_at: '2025-01-10T08:00:00.000Z', updated_at: '2026-03-02T10:30:00.000Z', version: 4,
  }]),
);

export const clubSuspendBody = v.pipe(
  v.strictObject({ reason: text(1, 500) }),
  v.title('ClubSuspend'),
  v.examples([{ reason: 'Affiliation fee unpaid for 2026' }]),
);
