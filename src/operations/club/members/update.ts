import { defineOperation } from '../../operation.js';
import { lockedVersion } from '../../versions.js';
import { idParams } from '../../schemas.js';
import { mergeAddress, type Address } from '../profile/address.js';
import { lockMember, memberColumns } from './rows.js';
import { member, memberPatchBody, normalizeGuardians } from './schemas.js';

const plain = ['first_name', 'last_name', 'birth_date', 'gender', 'email', 'phone', 'external_ref', 'joined_on'] as const;

export const clubMembersUpdate = defineOperation({
  id: 'club.members.update',
  summary: 'Change a member (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/members/{member_id}',
  kind: 'club',
  scope: 'club:members:write',
  params: idParams('member_id'),
  body: memberPatchBody,
  response: member,
  currentVersion: (ctx) => lockedVersion(ctx.sql, 'members', ctx.workspace.id, ctx.params.member_id),
  async handler(ctx) {
    const { sql, body } = ctx;
    const current = await lockMember(sql, ctx.workspace.id, ctx.params.member_id);
    const set: Record<string, unknown> = {};
    for (const column of plain) if (body[column] !== undefined) set[column] = body[column];
    if (body.address !== undefined) {
      const merged = mergeAddress(current.address as Address | null, body.address);
      set.address = merged === null ? null : sql.json(merged);
    }
    if (body.guardians !== undefined) set.guardians = sql.json(normalizeGuardians(body.guardians));
    if (Object.keys(set).length === 0) return { data: current };
    const [row] = await sql`
      update members set ${sql(set)}, version = version + 1, updated_at = now()
      where id = ${current.id} and club_id = ${ctx.workspace.id}
      returning ${sql(memberColumns as unknown as string[])}`;
    ctx.change({ resourceType: 'member', resourceId: current.id, action: 'updated', version: row!.version });
    return { data: row };
  },
});
