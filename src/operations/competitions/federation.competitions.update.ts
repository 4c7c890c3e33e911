import { ApiError } from '../../errors.js';
import { categories } from '../../resources/categories.js';
import { competitions, expectDeadlineBeforeStart } from '../../resources/competitions.js';
import { placesTaken } from '../../resources/entries.js';
import { expectState } from '../../resources/machine.js';
import { seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { competitionOut, competitionPatchBody } from './schemas.js';

export default defineOperation({
  summary: 'Change a draft or open competition (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/federation/competitions/{competition_id}',
  scope: 'federation:competitions:write',
  body: competitionPatchBody,
  response: competitionOut,
  lock: { store: competitions, param: 'competition_id' },
  refusals: ['invalid_state', 'conflict'],
  async handler(ctx) {
    const { body, locked: current, unit: { sql } } = ctx;
    expectState('competition', current, ['draft', 'open'], 'updated');
    const { status: _, points, ...set } = body;
    if (Object.keys(body).length === 0) return { data: current };
    if (set.season_id !== undefined && set.season_id !== current.season_id) {
      expectState('competition', current, ['draft'], 'moved to another season');
      await seasons.referenced(sql, ctx.workspace, set.season_id, '/season_id');
    }
    if (set.category_id) await categories.referenced(sql, ctx.workspace, set.category_id, '/category_id');
    expectDeadlineBeforeStart(set.entry_deadline === undefined ? current.entry_deadline : set.entry_deadline, set.starts_on ?? current.starts_on);
    if (set.max_entries !== undefined && set.max_entries !== null) {
      const taken = await placesTaken(sql, ctx.workspace, current.id);
      if (taken > set.max_entries) throw new ApiError('conflict', `competition ${current.id} already has ${taken} entries`);
    }
    return { data: await competitions.update(ctx.unit, current, { ...set, ...(points ? { points: ctx.unit.sql.json(points) } : {}) }) };
  },
});
