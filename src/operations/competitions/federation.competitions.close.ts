import { competitions, competitionMachine } from '../../resources/competitions.js';
import { entries, entryMachine, type EntryRow } from '../../resources/entries.js';
import { transitionOperation } from '../transition.js';
import { competitionOut } from './schemas.js';

export default transitionOperation({
  summary: 'Close an open competition: pending entries are rejected',
  path: '/v1/federation/competitions/{competition_id}/close',
  scope: 'federation:competitions:write',
  store: competitions,
  machine: competitionMachine,
  action: 'close',
  response: competitionOut,
  async effect(ctx, row) {
    const { sql } = ctx.unit;
    const { to, done } = entryMachine.transitions.reject;
    const pending = await sql<EntryRow[]>`
      select ${entries.selection} from entries
      where federation_id = ${ctx.workspace.federationId} and competition_id = ${row.id} and status = 'pending' order by id for update`;
    for (const entry of pending) await entries.update(ctx.unit, entry, { status: to, reason: 'entries closed' }, done);
  },
});
