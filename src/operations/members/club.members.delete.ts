import { ApiError } from '../../errors.js';
import { erase, hasRecords, members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { deletedOut } from '../schemas.js';

export default defineOperation({
  summary: 'Erase a member who holds no license and no invoice',
  method: 'DELETE',
  path: '/v1/club/members/{member_id}',
  scope: 'club:members:write',
  response: deletedOut,
  lock: { store: members, param: 'member_id' },
  refusals: ['invalid_state'],
  async handler(ctx) {
    const member = ctx.locked;
    if (await hasRecords(ctx.unit.sql, ctx.workspace, member)) {
      throw new ApiError('invalid_state', `member ${member.id} holds licenses or invoices and cannot be erased; archive it instead`);
    }
    // Personal data goes with the row: the feed keeps only the id.
    await erase(ctx.unit, member);
    return { data: { id: member.id, deleted: true } };
  },
});
