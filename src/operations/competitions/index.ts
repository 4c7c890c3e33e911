import type { Operation } from '../operation.js';
import { clubCompetitionsGet } from './club.competitions.get.js';
import { clubCompetitionsList } from './club.competitions.list.js';
import { federationCompetitionsClose } from './federation.competitions.close.js';
import { federationCompetitionsCreate } from './federation.competitions.create.js';
import { federationCompetitionsGet } from './federation.competitions.get.js';
import { federationCompetitionsList } from './federation.competitions.list.js';
import { federationCompetitionsOpen } from './federation.competitions.open.js';
import { federationCompetitionsSchedule } from './federation.competitions.schedule.js';
import { federationCompetitionsUpdate } from './federation.competitions.update.js';

export const competitionsOperations: Operation[] = [
  clubCompetitionsGet,
  clubCompetitionsList,
  federationCompetitionsClose,
  federationCompetitionsCreate,
  federationCompetitionsGet,
  federationCompetitionsList,
  federationCompetitionsOpen,
  federationCompetitionsSchedule,
  federationCompetitionsUpdate,
];
