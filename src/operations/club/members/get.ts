import { defineOperation } from '../../operation.js';
import { ApiError } from '../../../errors.js';
import { idParams } from '../../schemas.js';
import { findMember } from './rows.js';
import { member } from './schemas.js';

export const clubMembersGet = defineOperation({
  id: 'club.members.get',
  summary: 'One member of the club',
  method: 'GET',
  path: '/v1/club/members/{member_id}',
  kind: 'club',
  scope: 'club:members:read',
  params: idParams('member_id'),
  response: member,
  async handler(ctx) {
    const row = await findMember(ctx.sql, ctx.workspace.id, ctx.params.member_id);
    if (!row) throw new ApiError('not_found', `no member ${ctx.params.member_id}`);
    return { data: row, version: row.version as number };
  },
});
