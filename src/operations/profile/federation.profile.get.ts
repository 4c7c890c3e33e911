import * as v from 'valibot';
import { out } from '../schemas.js';
import { defineOperation } from '../operation.js';

const federationProfile = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    short_name: v.nullable(v.string()),
    country: v.nullable(v.string()),
    email: v.nullable(out.email),
    website: v.nullable(out.url),
  }),
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
    const [profile] = await ctx.db`
      select id, name, short_name, country, email, website from workspaces where id = ${ctx.workspace.id} and kind = 'federation'`;
    return { data: profile };
  },
});
