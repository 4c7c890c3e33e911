import { invalidField } from '../../errors.js';
import { expectState } from '../../resources/machine.js';
import { expectNoOverlap, lockSeasons, seasonStep, seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { seasonOut, seasonPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Rename a season, move its dates while planned, or move its status forward (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/federation/seasons/{season_id}',
  scope: 'federation:seasons:write',
  body: seasonPatchBody,
  response: seasonOut,
  lock: { store: seasons, param: 'season_id' },
  refusals: ['conflict', 'invalid_state'],
  async handler(ctx) {
    const { body, unit, locked: current } = ctx;
    const set: Record<string, unknown> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.starts_on !== undefined || body.ends_on !== undefined) {
      expectState('season', current, ['planned'], 'given new dates');
      const startsOn = body.starts_on ?? current.starts_on;
      const endsOn = body.ends_on ?? current.ends_on;
      if (endsOn <= startsOn) throw invalidField(body.ends_on !== undefined ? '/ends_on' : '/starts_on', 'must leave ends_on after starts_on');
      await lockSeasons(unit);
      await expectNoOverlap(unit.sql, ctx.workspace.id, startsOn, endsOn, current.id);
      Object.assign(set, { starts_on: startsOn, ends_on: endsOn });
    }
    const step = body.status === undefined || body.status === current.status ? undefined : seasonStep(current, body.status);
    if (step) set.status = step.to;
    if (Object.keys(set).length === 0) return { data: current };
    return { data: await seasons.update(unit, current, set, step?.done) };
  },
});
