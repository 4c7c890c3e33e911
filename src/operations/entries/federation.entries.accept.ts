import { entries, entryMachine } from '../../resources/entries.js';
import { transitionOperation } from '../transition.js';
import { entryOut } from './schemas.js';

export default transitionOperation({
  summary: 'Accept a pending entry',
  path: '/v1/federation/entries/{entry_id}/accept',
  scope: 'federation:competitions:write',
  store: entries,
  machine: entryMachine,
  action: 'accept',
  response: entryOut,
});
