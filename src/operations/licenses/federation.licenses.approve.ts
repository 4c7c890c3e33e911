import { clubUnit } from '../../resources/clubs.js';
import { laterOf, todayUtc } from '../../resources/calendar.js';
import { licenses, licenseMachine, licenseView, nextLicenseNumber } from '../../resources/licenses.js';
import { members } from '../../resources/members.js';
import { personOf, placeAt } from '../../resources/persons.js';
import { seasons } from '../../resources/seasons.js';
import { transitionOperation } from '../transition.js';
import { federationLicenseOut } from './schemas.js';

export default transitionOperation({
  summary: 'Approve a requested license: number, person in the registry, validity',
  path: '/v1/federation/licenses/{license_id}/approve',
  scope: 'federation:licenses:write',
  store: licenses,
  machine: licenseMachine,
  action: 'approve',
  response: federationLicenseOut,
  refusals: ['conflict'], // the year's numbering is exhausted
  // Reads that do not depend on each other go out together: one round trip, not one each. The
  // member and its person are read once, locked, for both steps.
  async prepare(ctx, license) {
    const { unit } = ctx;
    const [season, member] = await Promise.all([
      seasons.get(unit.sql, unit.workspace, license.season_id),
      members.get(unit.sql, clubUnit(unit, license.club_id).workspace, license.member_id, { lock: true }),
    ]);
    const [person, number] = await Promise.all([personOf(unit, member, license.club_id), nextLicenseNumber(unit, season.starts_on)]);
    return { season, member, person, number };
  },
  // The number, the person and the validity are written with the status: one version, one change.
  set: (ctx, _license, { season, person, number }) => ({
    number,
    person_id: person.id,
    decided_at: ctx.unit.sql`now()`,
    reason: null,
    valid_from: laterOf(todayUtc(), season.starts_on),
    valid_until: season.ends_on,
  }),
  async effect(ctx, license, { member, person }) {
    const { unit } = ctx;
    await Promise.all([
      member.person_id === person.id ? undefined : members.update(clubUnit(unit, license.club_id), member, { person_id: person.id }),
      placeAt(unit, person, license.club_id),
    ]);
  },
  view: async (ctx, row) => licenseView(row, ctx.workspace),
});
