import type { Operation } from '../operation.js';
import { clubRosterPut } from './club.roster.put.js';
import { clubRosterRemove } from './club.roster.remove.js';

export const rosterOperations: Operation[] = [
  clubRosterPut,
  clubRosterRemove,
];
