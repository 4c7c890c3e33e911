import { members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { member } from './schemas.js';

export default defineOperation({
  summary: 'One member of the club',
  method: 'GET',
  path: '/v1/club/members/{member_id}',
  scope: 'club:members:read',
  response: member,
  async handler(ctx) {
    return { data: await members.get(ctx.db, ctx.workspace, ctx.params.member_id) };
  },
});
