import { defineOperation } from '../../operation.js';
import { ApiError } from '../../../errors.js';
import { clubProfile, findClubProfile } from './schemas.js';

export const clubProfileGet = defineOperation({
  id: 'club.profile.get',
  summary: 'The calling club\'s profile',
  method: 'GET',
  path: '/v1/club/profile',
  kind: 'club',
  scope: 'club:profile:read',
  response: clubProfile,
  async handler(ctx) {
    const row = await findClubProfile(ctx.sql, ctx.workspace.id);
    if (!row) throw new ApiError('not_found', 'no such club');
    return { data: row, version: row.version as number };
  },
});
