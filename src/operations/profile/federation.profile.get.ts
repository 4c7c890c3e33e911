import * as v from 'valibot';
import { out } from '../schemas.js';
import { defineOperation } from '../operation.js';

/** The profile's members, the columns of the federation's workspace row. */
const profile = {
  id: v.string(),
  name: v.string(),
  short_name: v.nullable(v.string()),
  country: v.nullable(v.string()),
  email: v.nullable(out.email),
  website: v.nullable(out.url),
};

const federationProfile = v.pipe(
  v.object(profile),
  v.title('FederationProfile'),
  v.examples([{ id: '3', name: 'Royal Dutch Hockey Federation', short_name: 'KNHB', country: 'NL', email: 'info@knhb.example', website: 'https://knhb.example' }]),
);

export default defineOperation({
  summary: 'The calling federation\'s profile',
  method: 'GET',
  path: '/v1/federation/profile',
  scope: 'federation:profile:read',
  response: federationProfile,
  async handler(ctx) {
    const [row] = await ctx.db`
      select ${ctx.db(Object.keys(profile))} from workspaces where id = ${ctx.workspace.id} and kind = 'federation'`;
    return { data: row };
  },
});
