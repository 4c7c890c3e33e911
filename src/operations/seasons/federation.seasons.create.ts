import { invalidField } from '../../errors.js';
import { expectNoOverlap, lockSeasons, seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { seasonCreateBody, seasonOut } from './schemas.js';

export default defineOperation({
  summary: 'Plan a season',
  method: 'POST',
  path: '/v1/federation/seasons',
  scope: 'federation:seasons:write',
  body: seasonCreateBody,
  response: seasonOut,
  refusals: ['conflict'],
  async handler(ctx) {
    const { body, unit } = ctx;
    if (body.ends_on <= body.starts_on) throw invalidField('/ends_on', 'must be after starts_on');
    await lockSeasons(unit);
    await expectNoOverlap(unit.sql, ctx.workspace.id, body.starts_on, body.ends_on);
    const season = await seasons.insert(unit, { federation_id: ctx.workspace.id, ...body });
    return { status: 201, data: season };
  },
});
