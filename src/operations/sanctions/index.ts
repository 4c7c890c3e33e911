import type { Operation } from '../operation.js';
import { federationSanctionsCreate } from './federation.sanctions.create.js';
import { federationSanctionsLift } from './federation.sanctions.lift.js';
import { federationSanctionsList } from './federation.sanctions.list.js';

export const sanctionsOperations: Operation[] = [
  federationSanctionsCreate,
  federationSanctionsLift,
  federationSanctionsList,
];
