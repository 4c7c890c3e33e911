import { members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { normalizeAddress } from '../address.js';
import { todayUtc } from '../../resources/calendar.js';
import { member, memberCreateBody, normalizeGuardians } from './schemas.js';

export default defineOperation({
  summary: 'Add a member to the club',
  method: 'POST',
  path: '/v1/club/members',
  scope: 'club:members:write',
  body: memberCreateBody,
  response: member,
  refusals: ['conflict'],
  async handler(ctx) {
    const { body } = ctx;
    const { sql } = ctx.unit;
    const row = await members.insert(ctx.unit, {
      club_id: ctx.workspace.id,
      first_name: body.first_name,
      last_name: body.last_name,
      birth_date: body.birth_date,
      gender: body.gender,
      email: body.email ?? null,
      phone: body.phone ?? null,
      address: body.address ? sql.json(normalizeAddress(body.address)) : null,
      external_ref: body.external_ref ?? null,
      joined_on: body.joined_on ?? todayUtc(),
      guardians: sql.json(normalizeGuardians(body.guardians ?? [])),
    });
    return { status: 201, data: row, location: `/v1/club/members/${row.id}` };
  },
});
