import type { Operation } from '../operation.js';
import { clubMembersArchive } from './club.members.archive.js';
import { clubMembersCreate } from './club.members.create.js';
import { clubMembersDelete } from './club.members.delete.js';
import { clubMembersGet } from './club.members.get.js';
import { clubMembersList } from './club.members.list.js';
import { clubMembersRestore } from './club.members.restore.js';
import { clubMembersUpdate } from './club.members.update.js';

export const membersOperations: Operation[] = [
  clubMembersArchive,
  clubMembersCreate,
  clubMembersDelete,
  clubMembersGet,
  clubMembersList,
  clubMembersRestore,
  clubMembersUpdate,
];
