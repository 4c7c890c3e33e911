import { categories } from '../../resources/categories.js';
import { competitions, expectDeadlineBeforeStart } from '../../resources/competitions.js';
import { seasons } from '../../resources/seasons.js';
import { defineOperation } from '../operation.js';
import { competitionCreateBody, competitionOut } from './schemas.js';

/** Entries must close before the competition starts. */

export default defineOperation({
  summary: 'Create a competition (a draft) for a season of the federation',
  method: 'POST',
  path: '/v1/federation/competitions',
  scope: 'federation:competitions:write',
  body: competitionCreateBody,
  response: competitionOut,
  async handler(ctx) {
    const { body, unit: { sql } } = ctx;
    await seasons.referenced(sql, ctx.workspace, body.season_id, '/season_id');
    if (body.category_id) await categories.referenced(sql, ctx.workspace, body.category_id, '/category_id');
    expectDeadlineBeforeStart(body.entry_deadline ?? null, body.starts_on);
    const row = await competitions.insert(ctx.unit, {
      federation_id: ctx.workspace.id, name: body.name, season_id: body.season_id, category_id: body.category_id ?? null,
      legs: body.legs ?? 1, entry_deadline: body.entry_deadline ?? null, starts_on: body.starts_on,
      max_entries: body.max_entries ?? null, ...(body.points ? { points: ctx.unit.sql.json(body.points) } : {}),
    });
    return { status: 201, data: row, location: `/v1/federation/competitions/${row.id}` };
  },
});
