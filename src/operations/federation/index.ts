import type { Operation } from '../operation.js';
import { clubFederationGet } from './club.federation.get.js';

export const federationOperations: Operation[] = [
  clubFederationGet,
];
