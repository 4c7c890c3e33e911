import type { Operation } from '../operation.js';
import { clubPlansCreate } from './club.plans.create.js';
import { clubPlansList } from './club.plans.list.js';
import { clubPlansUpdate } from './club.plans.update.js';

export const plansOperations: Operation[] = [
  clubPlansCreate,
  clubPlansList,
  clubPlansUpdate,
];
