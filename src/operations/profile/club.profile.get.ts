import { clubs } from '../../resources/clubs.js';
import { defineOperation } from '../operation.js';
import { clubProfile } from './schemas.js';

export default defineOperation({
  summary: 'The calling club\'s profile',
  method: 'GET',
  path: '/v1/club/profile',
  scope: 'club:profile:read',
  response: clubProfile,
  async handler(ctx) {
    return { data: await clubs.get(ctx.db, ctx.workspace, ctx.workspace.id) };
  },
});
