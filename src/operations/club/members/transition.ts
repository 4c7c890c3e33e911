import { ApiError } from '../../../errors.js';
import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { emptyBody, idParams } from '../../schemas.js';
import { lockMember, memberColumns } from './rows.js';
import { member } from './schemas.js';

type Status = 'active' | 'archived';

/** archive (active → archived) and restore (archived → active): one shape, two rows of the table. */
export function memberTransition(verb: 'archive' | 'restore', action: string, from: Status, to: Status, summary: string) {
  return defineOperation({
    id: `club.members.${verb}`,
    summary,
    method: 'POST',
    path: `/v1/club/members/{member_id}/${verb}`,
    kind: 'club',
    scope: 'club:members:write',
    params: idParams('member_id'),
    body: emptyBody,
    response: member,
    currentVersion: (ctx) => lockedVersion(ctx.sql, 'members', ctx.workspace.id, ctx.params.member_id),
    async handler(ctx) {
      const { sql } = ctx;
      const current = await lockMember(sql, ctx.workspace.id, ctx.params.member_id);
      if (current.status !== from) {
        throw new ApiError('invalid_state', `member ${current.id} is ${current.status}; only an ${from} member can be ${action}`);
      }
      const [row] = await sql`
        update members set status = ${to}, version = version + 1, updated_at = now()
        where id = ${current.id} and club_id = ${ctx.workspace.id}
        returning ${sql(memberColumns as unknown as string[])}`;
      ctx.change({ resourceType: 'member', resourceId: current.id, action, version: row!.version });
      return { data: row };
    },
  });
}
