import type { Operation } from '../operation.js';
import { clubActivitiesCancel } from './club.activities.cancel.js';
import { clubActivitiesCreate } from './club.activities.create.js';
import { clubActivitiesGet } from './club.activities.get.js';
import { clubActivitiesList } from './club.activities.list.js';
import { clubActivitiesUpdate } from './club.activities.update.js';

export const activitiesOperations: Operation[] = [
  clubActivitiesCancel,
  clubActivitiesCreate,
  clubActivitiesGet,
  clubActivitiesList,
  clubActivitiesUpdate,
];
