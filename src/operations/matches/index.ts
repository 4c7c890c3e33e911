import type { Operation } from '../operation.js';
import { clubMatchesGet } from './club.matches.get.js';
import { clubMatchesList } from './club.matches.list.js';
import { federationMatchesGet } from './federation.matches.get.js';
import { federationMatchesList } from './federation.matches.list.js';
import { federationMatchesOfficials } from './federation.matches.officials.js';
import { federationMatchesResult } from './federation.matches.result.js';
import { federationMatchesUpdate } from './federation.matches.update.js';

export const matchesOperations: Operation[] = [
  clubMatchesGet,
  clubMatchesList,
  federationMatchesGet,
  federationMatchesList,
  federationMatchesOfficials,
  federationMatchesResult,
  federationMatchesUpdate,
];
