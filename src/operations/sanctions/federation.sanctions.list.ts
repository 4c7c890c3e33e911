import * as v from 'valibot';
import { todayUtc } from '../../resources/calendar.js';
import { sanctions, statusIs, withStatus, sanctionMachine, subjectTypes } from '../../resources/sanctions.js';
import { equals, listById } from '../listing.js';
import { defineOperation } from '../operation.js';
import { enumFilter, id, listQuery } from '../schemas.js';
import { sanctionOut } from './schemas.js';

export default defineOperation({
  summary: 'The federation\'s sanctions, by id',
  method: 'GET',
  path: '/v1/federation/sanctions',
  scope: 'federation:sanctions:read',
  query: listQuery({
    status: enumFilter(sanctionMachine.states),
    subject_type: enumFilter(subjectTypes),
    person_id: v.optional(id),
    club_id: v.optional(id),
  }),
  response: sanctionOut,
  list: true,
  handler(ctx) {
    const q = ctx.query;
    const today = todayUtc();
    return listById(ctx, {
      store: sanctions,
      filters: [q.status ? statusIs(ctx.db, q.status, today) : undefined, equals(ctx, 'subject_type', q.subject_type),
        equals(ctx, 'person_id', q.person_id), equals(ctx, 'club_id', q.club_id)],
      shape: (row) => withStatus(row, today),
    });
  },
});
