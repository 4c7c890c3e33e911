import { clubs, withCounts } from '../../resources/clubs.js';
import { defineOperation } from '../operation.js';
import { federationClubOut } from './schemas.js';

export default defineOperation({
  summary: 'One club of the federation with its counts',
  method: 'GET',
  path: '/v1/federation/clubs/{club_id}',
  scope: 'federation:clubs:read',
  response: federationClubOut,
  async handler(ctx) {
    const club = await clubs.get(ctx.db, ctx.workspace, ctx.params.club_id);
    return { data: (await withCounts(ctx.db, ctx.workspace, [club]))[0] };
  },
});
