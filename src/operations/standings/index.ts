import type { Operation } from '../operation.js';
import { federationStandingsGet } from './federation.standings.get.js';

export const standingsOperations: Operation[] = [
  federationStandingsGet,
];
