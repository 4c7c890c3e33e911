import { defineOperation } from '../../operation.js';
import { ApiError } from '../../../errors.js';
import { mergeAddress, type Address } from './address.js';
import { clubProfile, clubProfilePatch, findClubProfile } from './schemas.js';

const columns = ['short_name', 'email', 'phone', 'website', 'founded_year'] as const;

export const clubProfileUpdate = defineOperation({
  id: 'club.profile.update',
  summary: 'Change the club\'s contact details (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/profile',
  kind: 'club',
  scope: 'club:profile:write',
  body: clubProfilePatch,
  response: clubProfile,
  async currentVersion(ctx) {
    return ((await findClubProfile(ctx.sql, ctx.workspace.id, true))?.version as number | undefined) ?? null;
  },
  async handler(ctx) {
    const { sql, body } = ctx;
    const current = await findClubProfile(sql, ctx.workspace.id, true);
    if (!current) throw new ApiError('not_found', 'no such club');
    const set: Record<string, unknown> = {};
    for (const column of columns) if (body[column] !== undefined) set[column] = body[column];
    if (body.address !== undefined) {
      const merged = mergeAddress(current.address as Address | null, body.address);
      set.address = merged === null ? null : sql.json(merged);
    }
    if (Object.keys(set).length === 0) return { data: current };
    await sql`update workspaces set ${sql(set)}, version = version + 1, updated_at = now() where id = ${ctx.workspace.id}`;
    const row = (await findClubProfile(sql, ctx.workspace.id))!;
    // The federation reads club profiles too (federation.clubs.get), so both feeds hear of it.
    ctx.change({ resourceType: 'club', resourceId: ctx.workspace.id, action: 'updated', version: row.version as number, workspaceIds: [ctx.workspace.id, ctx.workspace.federationId] });
    return { data: row };
  },
});
