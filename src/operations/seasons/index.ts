import type { Operation } from '../operation.js';
import { federationSeasonsCreate } from './federation.seasons.create.js';
import { federationSeasonsList } from './federation.seasons.list.js';
import { federationSeasonsUpdate } from './federation.seasons.update.js';

export const seasonsOperations: Operation[] = [
  federationSeasonsCreate,
  federationSeasonsList,
  federationSeasonsUpdate,
];
