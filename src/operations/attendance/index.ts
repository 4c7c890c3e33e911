import type { Operation } from '../operation.js';
import { clubAttendancePut } from './club.attendance.put.js';

export const attendanceOperations: Operation[] = [
  clubAttendancePut,
];
