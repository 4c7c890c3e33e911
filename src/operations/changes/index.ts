import type { Operation } from '../operation.js';
import { clubChangesList } from './club.changes.list.js';
import { federationChangesList } from './federation.changes.list.js';

export const changesOperations: Operation[] = [
  clubChangesList,
  federationChangesList,
];
