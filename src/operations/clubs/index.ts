import type { Operation } from '../operation.js';
import { federationClubsGet } from './federation.clubs.get.js';
import { federationClubsList } from './federation.clubs.list.js';
import { federationClubsReinstate } from './federation.clubs.reinstate.js';
import { federationClubsSuspend } from './federation.clubs.suspend.js';

export const clubsOperations: Operation[] = [
  federationClubsGet,
  federationClubsList,
  federationClubsReinstate,
  federationClubsSuspend,
];
