// Competitions as the federation runs them: entries, fixtures, standings, matches and officials;
// and discipline (sanctions).
import type { Operation } from '../operation.js';
import { federationCompetitionsClose } from './competitions/close.js';
import { federationCompetitionsCreate } from './competitions/create.js';
import { federationCompetitionsGet } from './competitions/get.js';
import { federationCompetitionsList } from './competitions/list.js';
import { federationCompetitionsOpen } from './competitions/open.js';
import { federationCompetitionsSchedule } from './competitions/schedule.js';
import { federationCompetitionsUpdate } from './competitions/update.js';
import { federationEntriesAccept } from './entries/accept.js';
import { federationEntriesList } from './entries/list.js';
import { federationEntriesReject } from './entries/reject.js';
import { federationMatchesGet } from './matches/get.js';
import { federationMatchesList } from './matches/list.js';
import { federationMatchesOfficials } from './matches/officials.js';
import { federationMatchesResult } from './matches/result.js';
import { federationMatchesUpdate } from './matches/update.js';
import { federationOfficialsCreate } from './officials/create.js';
import { federationOfficialsList } from './officials/list.js';
import { federationOfficialsUpdate } from './officials/update.js';
import { federationSanctionsCreate } from './sanctions/create.js';
import { federationSanctionsLift } from './sanctions/lift.js';
import { federationSanctionsList } from './sanctions/list.js';
import { federationStandingsGet } from './standings/get.js';

export const federationCompetitionsOperations: Operation[] = [
  federationCompetitionsList, federationCompetitionsCreate, federationCompetitionsGet, federationCompetitionsUpdate,
  federationCompetitionsOpen, federationCompetitionsClose, federationCompetitionsSchedule,
  federationEntriesList, federationEntriesAccept, federationEntriesReject,
  federationStandingsGet,
  federationMatchesList, federationMatchesGet, federationMatchesUpdate, federationMatchesResult, federationMatchesOfficials,
  federationOfficialsList, federationOfficialsCreate, federationOfficialsUpdate,
  federationSanctionsList, federationSanctionsCreate, federationSanctionsLift,
];
