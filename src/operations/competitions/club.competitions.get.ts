import { competitions, tableOf } from '../../resources/competitions.js';
import { entries } from '../../resources/entries.js';
import { defineOperation } from '../operation.js';
import { clubCompetitionOut } from './schemas.js';

export default defineOperation({
  summary: 'A competition with the club\'s entries and, once scheduled, the table',
  method: 'GET',
  path: '/v1/club/competitions/{competition_id}',
  scope: 'club:competitions:read',
  response: clubCompetitionOut,
  async handler(ctx) {
    const { db: sql } = ctx;
    const competition = await competitions.get(sql, ctx.workspace, ctx.params.competition_id);
    const [mine, table] = await Promise.all([
      sql`select ${entries.selection} from entries
          where competition_id = ${competition.id} and ${entries.visible(sql, ctx.workspace)} order by id`,
      competition.status === 'scheduled' || competition.status === 'completed' ? tableOf(sql, ctx.workspace, competition) : null,
    ]);
    return { data: { ...competition, my_entries: mine, standings: table } };
  },
});
