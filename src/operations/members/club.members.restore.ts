import { members, memberMachine } from '../../resources/members.js';
import { transitionOperation } from '../transition.js';
import { member } from './schemas.js';

export default transitionOperation({
  summary: 'Restore an archived member',
  path: '/v1/club/members/{member_id}/restore',
  scope: 'club:members:write',
  store: members,
  machine: memberMachine,
  action: 'restore',
  response: member,
});
