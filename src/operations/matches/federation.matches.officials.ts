import { invalidField, invalidFields } from '../../errors.js';
import { matchView } from '../../resources/match-details.js';
import { matches } from '../../resources/matches.js';
import { assign, expectActiveOfficials } from '../../resources/officials.js';
import { defineOperation } from '../operation.js';
import { federationMatchOut, officialsPutBody } from './schemas.js';

export default defineOperation({
  summary: 'Set the officials of a match (the whole list); answers the match',
  method: 'PUT',
  path: '/v1/federation/matches/{match_id}/officials',
  scope: 'federation:matches:write',
  body: officialsPutBody,
  response: federationMatchOut,
  lock: { store: matches, param: 'match_id' },
  // Officials are a list of the match, not a resource of their own: setting it is never a create.
  status: [200],
  reasons: ['official_inactive'],
  refusals: ['conflict'],
  async handler(ctx) {
    const { sql } = ctx.unit;
    const match = ctx.locked;
    const list = ctx.body.officials;
    const twice = list.flatMap((a, i) => (list.findIndex((b) => b.official_id === a.official_id) < i
      ? [{ path: `/officials/${i}/official_id`, message: 'names an official already in the list' }] : []));
    if (twice.length > 0) throw invalidFields(twice);
    if (list.filter((a) => a.role === 'referee').length > 1) throw invalidField('/officials', 'must have at most one referee');
    await expectActiveOfficials(sql, ctx.workspace, list);
    return { data: await matchView(sql, ctx.workspace, await assign(ctx.unit, match, list)) };
  },
});
