import { competitions } from '../../resources/competitions.js';
import { entries, entryMachine } from '../../resources/entries.js';
import { expectState } from '../../resources/machine.js';
import { transitionOperation } from '../transition.js';
import { entryOut } from './schemas.js';

export default transitionOperation({
  summary: 'Withdraw a pending or accepted entry while the competition is open',
  path: '/v1/club/entries/{entry_id}/withdraw',
  scope: 'club:competitions:write',
  store: entries,
  machine: entryMachine,
  action: 'withdraw',
  response: entryOut,
  async guard(ctx, entry) {
    const competition = await competitions.get(ctx.unit.sql, ctx.workspace, entry.competition_id);
    expectState('competition', competition, ['open'], 'withdrawn from');
  },
});
