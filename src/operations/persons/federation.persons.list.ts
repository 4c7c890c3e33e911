import * as v from 'valibot';
import { nameKey } from '../../resources/person-names.js';
import { persons, withLicenses } from '../../resources/persons.js';
import { defineOperation } from '../operation.js';
import { equals, likePattern, listById, searchPages } from '../listing.js';
import { chars, id, listQuery } from '../schemas.js';
import { personOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s registry of persons, by id',
  method: 'GET',
  path: '/v1/federation/persons',
  scope: 'federation:persons:read',
  query: listQuery({
    q: v.optional(v.pipe(v.string(), ...chars(1, 161),
      v.description(`Substring of "first_name last_name", without regard to case or accents. ${searchPages}`))),
    club_id: v.optional(v.pipe(id, v.description('Persons whose current club this is.'))),
  }),
  response: personOut,
  list: true,
  handler: (ctx) => {
    const { db: sql, query: q } = ctx;
    return listById(ctx, {
      store: persons,
      // Repeats persons_name_trgm_idx's expression exactly, so the index serves it.
      filters: [equals(ctx, 'current_club_id', q.club_id)],
      search: q.q ? sql`(first_name_key || ' ' || last_name_key) like ${likePattern(nameKey(q.q))}` : undefined,
      expand: (rows) => withLicenses(sql, ctx.workspace, rows),
    });
  },
});
