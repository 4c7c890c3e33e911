import { officials } from '../../resources/officials.js';
import { defineOperation } from '../operation.js';
import { officialCreateBody, officialOut } from './schemas.js';

export default defineOperation({
  summary: 'Register a match official',
  method: 'POST',
  path: '/v1/federation/officials',
  scope: 'federation:officials:write',
  body: officialCreateBody,
  response: officialOut,
  async handler(ctx) {
    const { body } = ctx;
    const row = await officials.insert(ctx.unit, { federation_id: ctx.workspace.id, ...body, email: body.email ?? null });
    return { status: 201, data: row };
  },
});
