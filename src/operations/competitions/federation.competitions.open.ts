import { competitions, competitionMachine } from '../../resources/competitions.js';
import { transitionOperation } from '../transition.js';
import { competitionOut } from './schemas.js';

export default transitionOperation({
  summary: 'Open a draft competition for entries',
  path: '/v1/federation/competitions/{competition_id}/open',
  scope: 'federation:competitions:write',
  store: competitions,
  machine: competitionMachine,
  action: 'open',
  response: competitionOut,
});
