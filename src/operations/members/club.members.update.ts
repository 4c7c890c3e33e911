import { members } from '../../resources/members.js';
import { defineOperation } from '../operation.js';
import { mergeAddress } from '../address.js';
import { member, memberPatchBody, normalizeGuardians } from './schemas.js';

const plain = ['first_name', 'last_name', 'birth_date', 'gender', 'email', 'phone', 'external_ref', 'joined_on'] as const;

export default defineOperation({
  summary: 'Change a member (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/members/{member_id}',
  scope: 'club:members:write',
  body: memberPatchBody,
  response: member,
  lock: { store: members, param: 'member_id' },
  refusals: ['conflict'],
  async handler(ctx) {
    const { body, locked: current } = ctx;
    const { sql } = ctx.unit;
    const set: Record<string, unknown> = {};
    for (const column of plain) if (body[column] !== undefined) set[column] = body[column];
    if (body.address !== undefined) {
      const merged = mergeAddress(current.address, body.address);
      set.address = merged === null ? null : sql.json(merged);
    }
    if (body.guardians !== undefined) set.guardians = sql.json(normalizeGuardians(body.guardians));
    if (Object.keys(set).length === 0) return { data: current };
    return { data: await members.update(ctx.unit, current, set) };
  },
});
