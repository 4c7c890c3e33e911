// The router table: every resource's operations, concatenated. Order does not matter:
// routes are matched by method and whole path.
import type { Operation } from './operation.js';
import { clubTeamsOperations } from './club/index-teams.js';
import { clubMembersOperations } from './club/index-members.js';
import { clubBillingOperations } from './club/index-billing.js';
import { clubCompetitionsOperations } from './club/index-competitions.js';
import { federationCompetitionsOperations } from './federation/index-competitions.js';
import { clubLicensingOperations } from './club/index-licenses.js';
import { federationLicensingOperations } from './federation/index-licensing.js';
import { changesList } from './changes/feed.js';
import { meGet } from './me/get.js';

export const operations: Operation[] = [
  meGet,
  changesList('club'),
  changesList('federation'),
  ...clubTeamsOperations,
  ...clubMembersOperations,
  ...clubBillingOperations,
  ...clubCompetitionsOperations,
  ...federationCompetitionsOperations,
  ...clubLicensingOperations,
  ...federationLicensingOperations,
];
