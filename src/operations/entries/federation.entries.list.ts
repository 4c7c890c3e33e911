import { competitions } from '../../resources/competitions.js';
import { entries, entryMachine } from '../../resources/entries.js';
import { equals, listById } from '../listing.js';
import { defineOperation } from '../operation.js';
import { enumFilter, listQuery } from '../schemas.js';
import { entryOut } from './schemas.js';

export default defineOperation({
  summary: 'The entries of a competition, by id',
  method: 'GET',
  path: '/v1/federation/competitions/{competition_id}/entries',
  scope: 'federation:competitions:read',
  query: listQuery({ status: enumFilter(entryMachine.states) }),
  response: entryOut,
  list: true,
  async handler(ctx) {
    const competition = await competitions.get(ctx.db, ctx.workspace, ctx.params.competition_id);
    return listById(ctx, { store: entries, filters: [equals(ctx, 'competition_id', competition.id), equals(ctx, 'status', ctx.query.status)] });
  },
});
