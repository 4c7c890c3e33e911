import type { Operation } from '../operation.js';
import { clubEntriesCreate } from './club.entries.create.js';
import { clubEntriesWithdraw } from './club.entries.withdraw.js';
import { federationEntriesAccept } from './federation.entries.accept.js';
import { federationEntriesList } from './federation.entries.list.js';
import { federationEntriesReject } from './federation.entries.reject.js';

export const entriesOperations: Operation[] = [
  clubEntriesCreate,
  clubEntriesWithdraw,
  federationEntriesAccept,
  federationEntriesList,
  federationEntriesReject,
];
