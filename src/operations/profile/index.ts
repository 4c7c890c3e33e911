import type { Operation } from '../operation.js';
import { clubProfileGet } from './club.profile.get.js';
import { clubProfileUpdate } from './club.profile.update.js';
import { federationProfileGet } from './federation.profile.get.js';

export const profileOperations: Operation[] = [
  clubProfileGet,
  clubProfileUpdate,
  federationProfileGet,
];
