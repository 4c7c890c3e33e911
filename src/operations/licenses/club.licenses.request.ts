import { ApiError } from '../../errors.js';
import { categories, expectEligible } from '../../resources/categories.js';
import { expectClubActive } from '../../resources/clubs.js';
import { licenses } from '../../resources/licenses.js';
import { expectActive, members } from '../../resources/members.js';
import { expectOpen, seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { clubLicenseOut, licenseRequestBody } from './schemas.js';

export default defineOperation({
  summary: 'Request a license for a member in the open season',
  method: 'POST',
  path: '/v1/club/licenses',
  scope: 'club:licenses:write',
  body: licenseRequestBody,
  response: clubLicenseOut,
  reasons: ['member_archived', 'season_not_open', 'club_suspended', 'not_eligible'],
  refusals: ['conflict'],
  async handler(ctx) {
    const { body, unit, workspace: ws } = ctx;
    const { sql } = unit;
    // Locked so an archive or a second request of the same member waits for this one.
    const member = await members.referenced(sql, ws, body.member_id, '/member_id', { lock: true });
    const season = await seasons.referenced(sql, ws, body.season_id, '/season_id');
    const category = await categories.referenced(sql, ws, body.category_id, '/category_id');
    expectActive(member);
    expectOpen(season);
    await expectClubActive(sql, ws);
    expectEligible(category, member.birth_date, season.starts_on);
    const [live] = await sql<{ id: string }[]>`
      select id from licenses where federation_id = ${ws.federationId} and member_id = ${member.id} and season_id = ${season.id}
        and status in ('requested', 'approved', 'suspended')`;
    if (live) throw new ApiError('conflict', `member ${member.id} already has license ${live.id} in season ${season.id}`);
    const license = await licenses.insert(unit, {
      federation_id: ws.federationId, club_id: ws.id, member_id: member.id, season_id: season.id,
      category_id: category.id, category_code: category.code,
    });
    return { status: 201, data: license, location: `/v1/club/licenses/${license.id}` };
  },
});
