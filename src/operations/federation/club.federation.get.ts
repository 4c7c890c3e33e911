import * as v from 'valibot';
import { defineOperation } from '../operation.js';
import { categories } from '../../resources/categories.js';
import { seasons as seasonStore } from '../../resources/seasons.js';
import { categoryOut } from '../categories/schemas.js';
import { seasonOut } from '../seasons/schemas.js';
import { exampleMeta } from '../schemas.js';

/** The federation's own members, the columns of its workspace row. */
const federation = { id: v.string(), name: v.string(), country: v.nullable(v.string()) };

export default defineOperation({
  summary: 'The club\'s federation with its seasons and license categories',
  method: 'GET',
  path: '/v1/club/federation',
  scope: 'club:profile:read',
  response: v.pipe(
    v.object({
      ...federation,
      seasons: v.pipe(v.array(seasonOut), v.description('Every season of the federation, by start date.')),
      license_categories: v.pipe(v.array(categoryOut), v.description('Every license category, by code.')),
    }),
    v.title('Federation'),
    v.examples([{
      id: '1', name: 'Example Football Federation', country: 'NL',
      seasons: [{ ...exampleMeta, id: '7', name: 'Season 2026/27', starts_on: '2026-07-01', ends_on: '2027-06-30', status: 'open' }],
      license_categories: [{ ...exampleMeta, id: '3', code: 'U14', name: 'Under 14', min_age: 12, max_age: 13, status: 'active' }],
    }]),
  ),
  async handler(ctx) {
    const federationId = ctx.workspace.federationId;
    const [[federationRow], seasons, licenseCategories] = await Promise.all([
      ctx.db`select ${ctx.db(Object.keys(federation))} from workspaces where id = ${federationId} and kind = 'federation'`,
      ctx.db`select ${seasonStore.selection} from seasons where federation_id = ${federationId} order by starts_on, id`,
      ctx.db`select ${categories.selection} from license_categories where federation_id = ${federationId} order by code`,
    ]);
    return { data: { ...federationRow, seasons, license_categories: licenseCategories } };
  },
});
