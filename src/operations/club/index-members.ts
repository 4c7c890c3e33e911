import type { Operation } from '../operation.js';
import { clubFederationGet } from './federation/get.js';
import { clubMembersArchive } from './members/archive.js';
import { clubMembersCreate } from './members/create.js';
import { clubMembersDelete } from './members/delete.js';
import { clubMembersGet } from './members/get.js';
import { clubMembersList } from './members/list.js';
import { clubMembersRestore } from './members/restore.js';
import { clubMembersUpdate } from './members/update.js';
import { clubProfileGet } from './profile/get.js';
import { clubProfileUpdate } from './profile/update.js';

export const clubMembersOperations: Operation[] = [
  clubProfileGet,
  clubProfileUpdate,
  clubFederationGet,
  clubMembersList,
  clubMembersCreate,
  clubMembersGet,
  clubMembersUpdate,
  clubMembersDelete,
  clubMembersArchive,
  clubMembersRestore,
];
