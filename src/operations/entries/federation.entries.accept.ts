import { entries, entryStates } from '../../resources/entries.js';
import { transitionOperation } from '../transition.js';
import { entryOut } from './schemas.js';

export const federationEntriesAccept = transitionOperation({
  id: 'federation.entries.accept',
  summary: 'Accept a pending entry',
  path: '/v1/federation/entries/{entry_id}/accept',
  kind: 'federation',
  scope: 'federation:competitions:write',
  store: entries,
  machine: entryStates,
  action: 'accept',
  response: entryOut,
});
