import type { Operation } from '../operation.js';
import { clubTeamsCreate } from './club.teams.create.js';
import { clubTeamsDelete } from './club.teams.delete.js';
import { clubTeamsGet } from './club.teams.get.js';
import { clubTeamsList } from './club.teams.list.js';
import { clubTeamsUpdate } from './club.teams.update.js';

export const teamsOperations: Operation[] = [
  clubTeamsCreate,
  clubTeamsDelete,
  clubTeamsGet,
  clubTeamsList,
  clubTeamsUpdate,
];
