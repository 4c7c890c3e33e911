// The router table: every resource's operations, concatenated. Order does not matter:
// routes are matched by method and whole path.
import type { Operation } from './operation.js';
import { activitiesOperations } from './activities/index.js';
import { attendanceOperations } from './attendance/index.js';
import { categoriesOperations } from './categories/index.js';
import { changesOperations } from './changes/index.js';
import { clubsOperations } from './clubs/index.js';
import { competitionsOperations } from './competitions/index.js';
import { entriesOperations } from './entries/index.js';
import { federationOperations } from './federation/index.js';
import { invoicesOperations } from './invoices/index.js';
import { licensesOperations } from './licenses/index.js';
import { lineupsOperations } from './lineups/index.js';
import { matchesOperations } from './matches/index.js';
import { meOperations } from './me/index.js';
import { membersOperations } from './members/index.js';
import { officialsOperations } from './officials/index.js';
import { personsOperations } from './persons/index.js';
import { plansOperations } from './plans/index.js';
import { profileOperations } from './profile/index.js';
import { resultsOperations } from './results/index.js';
import { rosterOperations } from './roster/index.js';
import { sanctionsOperations } from './sanctions/index.js';
import { seasonsOperations } from './seasons/index.js';
import { standingsOperations } from './standings/index.js';
import { teamsOperations } from './teams/index.js';
import { transfersOperations } from './transfers/index.js';

export const operations: Operation[] = [
  ...activitiesOperations,
  ...attendanceOperations,
  ...categoriesOperations,
  ...changesOperations,
  ...clubsOperations,
  ...competitionsOperations,
  ...entriesOperations,
  ...federationOperations,
  ...invoicesOperations,
  ...licensesOperations,
  ...lineupsOperations,
  ...matchesOperations,
  ...meOperations,
  ...membersOperations,
  ...officialsOperations,
  ...personsOperations,
  ...plansOperations,
  ...profileOperations,
  ...resultsOperations,
  ...rosterOperations,
  ...sanctionsOperations,
  ...seasonsOperations,
  ...standingsOperations,
  ...teamsOperations,
  ...transfersOperations,
];
