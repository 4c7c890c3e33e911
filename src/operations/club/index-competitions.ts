// Competitions as a club takes part in them: entries, matches, lineups and result reports.
import type { Operation } from '../operation.js';
import { clubCompetitionsGet } from './competitions/get.js';
import { clubCompetitionsList } from './competitions/list.js';
import { clubEntriesCreate } from './entries/create.js';
import { clubEntriesWithdraw } from './entries/withdraw.js';
import { clubLineupsPut } from './lineups/put.js';
import { clubMatchesGet } from './matches/get.js';
import { clubMatchesList } from './matches/list.js';
import { clubResultsReport } from './results/report.js';

export const clubCompetitionsOperations: Operation[] = [
  clubCompetitionsList, clubCompetitionsGet,
  clubEntriesCreate, clubEntriesWithdraw,
  clubMatchesList, clubMatchesGet,
  clubLineupsPut, clubResultsReport,
];
