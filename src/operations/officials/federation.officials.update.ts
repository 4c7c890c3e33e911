import { officials } from '../../resources/officials.js';
import { defineOperation } from '../operation.js';
import { officialOut, officialPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Change an official, or make one inactive or active again (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/federation/officials/{official_id}',
  scope: 'federation:officials:write',
  body: officialPatchBody,
  response: officialOut,
  lock: { store: officials, param: 'official_id' },
  async handler(ctx) {
    const { body, locked: current } = ctx;
    if (Object.keys(body).length === 0) return { data: current };
    return { data: await officials.update(ctx.unit, current, body) };
  },
});
