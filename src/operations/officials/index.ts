import type { Operation } from '../operation.js';
import { federationOfficialsCreate } from './federation.officials.create.js';
import { federationOfficialsList } from './federation.officials.list.js';
import { federationOfficialsUpdate } from './federation.officials.update.js';

export const officialsOperations: Operation[] = [
  federationOfficialsCreate,
  federationOfficialsList,
  federationOfficialsUpdate,
];
