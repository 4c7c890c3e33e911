import type { Operation } from '../operation.js';
import { federationPersonsGet } from './federation.persons.get.js';
import { federationPersonsList } from './federation.persons.list.js';

export const personsOperations: Operation[] = [
  federationPersonsGet,
  federationPersonsList,
];
