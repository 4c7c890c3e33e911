import type { Operation } from '../operation.js';
import { clubLineupsPut } from './club.lineups.put.js';

export const lineupsOperations: Operation[] = [
  clubLineupsPut,
];
