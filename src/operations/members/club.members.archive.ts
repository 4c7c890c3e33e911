import { members, memberMachine } from '../../resources/members.js';
import { transitionOperation } from '../transition.js';
import { member } from './schemas.js';

export default transitionOperation({
  summary: 'Archive an active member',
  path: '/v1/club/members/{member_id}/archive',
  scope: 'club:members:write',
  store: members,
  machine: memberMachine,
  action: 'archive',
  response: member,
});
