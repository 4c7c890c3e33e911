import * as v from 'valibot';
import { id, text } from '../schemas.js';
import { clubLicenseFields, licenseFields } from '../../resources/licenses.js';

const example = {
  id: '9001', number: '2026-000123', club_id: '41', person_id: '5120', season_id: '12', category_id: '7', category_code: 'U14',
  status: 'approved' as const, requested_at: '2026-08-03T18:02:11.000Z', decided_at: '2026-08-05T09:00:00.000Z', reason: null,
  valid_from: '2026-08-05', valid_until: '2027-06-30',
  created_at: '2026-08-03T18:02:11.000Z', updated_at: '2026-08-05T09:00:00.000Z', version: 2,
};

/** The club's view: with the member holding the license. */
export const clubLicenseOut = v.pipe(
  v.object(clubLicenseFields),
  v.title('License'),
  v.examples([{ ...example, member_id: '30417' }]),
);

/** The federation's view: the person, never the club's member. */
export const federationLicenseOut = v.pipe(
  v.object(licenseFields),
  v.title('FederationLicense'),
  v.examples([example]),
);

export const licenseRequestBody = v.pipe(
  v.strictObject({
    member_id: v.pipe(id, v.description('An active member of the club.')),
    season_id: v.pipe(id, v.description('The federation\'s open season.')),
    category_id: v.pipe(id, v.description('An active category whose age range holds the member on the season\'s start.')),
  }),
  v.title('LicenseRequest'),
  v.examples([{ member_id: '30417', season_id: '12', category_id: '7' }]),
);

/** A rejection or suspension states why. */
export const licenseReasonBody = v.pipe(
  v.strictObject({ reason: text(1, 500) }),
  v.title('LicenseDecisionReason'),
  v.examples([{ reason: 'Medical certificate missing' }]),
);
