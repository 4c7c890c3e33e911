import { memberTransition } from './transition.js';

export const clubMembersRestore = memberTransition('restore', 'restored', 'archived', 'active', 'Restore an archived member');
