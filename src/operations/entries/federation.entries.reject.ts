import { entries, entryMachine } from '../../resources/entries.js';
import { transitionOperation } from '../transition.js';
import { entryOut, entryRejectBody } from './schemas.js';

export default transitionOperation({
  summary: 'Reject a pending entry, with a reason',
  path: '/v1/federation/entries/{entry_id}/reject',
  scope: 'federation:competitions:write',
  store: entries,
  machine: entryMachine,
  action: 'reject',
  body: entryRejectBody,
  response: entryOut,
  set: (ctx) => ({ reason: ctx.body.reason }),
});
