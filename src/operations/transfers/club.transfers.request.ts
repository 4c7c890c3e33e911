import { ApiError, ruleViolation } from '../../errors.js';
import { expectClubActive } from '../../resources/clubs.js';
import { licenseByNumber } from '../../resources/licenses.js';
import { expectState } from '../../resources/machine.js';
import { transfers } from '../../resources/transfers.js';
import { defineOperation } from '../operation.js';
import { transferOut, transferRequestBody } from './schemas.js';

export default defineOperation({
  summary: 'Ask for a player of another club of the federation, by license number',
  method: 'POST',
  path: '/v1/club/transfers',
  scope: 'club:licenses:write',
  body: transferRequestBody,
  response: transferOut,
  reasons: ['same_club', 'club_suspended'],
  refusals: ['conflict', 'invalid_state'],
  async handler(ctx) {
    const { unit, workspace: ws } = ctx;
    const { sql } = unit;
    const license = await licenseByNumber(sql, ws.federationId, ctx.body.license_number);
    expectState('license', license, ['approved'], 'transferred');
    if (license.club_id === ws.id) throw ruleViolation('same_club', `license ${license.number} already belongs to the club`);
    await expectClubActive(sql, ws);
    const [open] = await sql<{ id: string }[]>`
      select id from transfers
      where federation_id = ${ws.federationId} and license_id = ${license.id} and status in ('requested', 'released')`;
    if (open) throw new ApiError('conflict', `license ${license.number} already has the open transfer ${open.id}`);
    const transfer = await transfers.insert(unit, {
      federation_id: ws.federationId, person_id: license.person_id, license_id: license.id, license_number: license.number,
      from_club_id: license.club_id, to_club_id: ws.id, season_id: license.season_id,
    });
    return { status: 201, data: transfer, location: `/v1/club/transfers/${transfer.id}` };
  },
});
