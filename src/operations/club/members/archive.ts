import { memberTransition } from './transition.js';

export const clubMembersArchive = memberTransition('archive', 'archived', 'active', 'archived', 'Archive an active member');
