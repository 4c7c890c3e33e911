// Teams with their rosters, activities with their attendance.
import type { Operation } from '../operation.js';
import { clubActivitiesCancel } from './activities/cancel.js';
import { clubActivitiesCreate } from './activities/create.js';
import { clubActivitiesGet } from './activities/get.js';
import { clubActivitiesList } from './activities/list.js';
import { clubActivitiesUpdate } from './activities/update.js';
import { clubAttendancePut } from './attendance/put.js';
import { clubRosterPut } from './roster/put.js';
import { clubRosterRemove } from './roster/remove.js';
import { clubTeamsCreate } from './teams/create.js';
import { clubTeamsDelete } from './teams/delete.js';
import { clubTeamsGet } from './teams/get.js';
import { clubTeamsList } from './teams/list.js';
import { clubTeamsUpdate } from './teams/update.js';

export const clubTeamsOperations: Operation[] = [
  clubTeamsList, clubTeamsCreate, clubTeamsGet, clubTeamsUpdate, clubTeamsDelete,
  clubRosterPut, clubRosterRemove,
  clubActivitiesList, clubActivitiesCreate, clubActivitiesGet, clubActivitiesUpdate, clubActivitiesCancel,
  clubAttendancePut,
];
