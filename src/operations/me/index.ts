import type { Operation } from '../operation.js';
import { meGet } from './me.get.js';

export const meOperations: Operation[] = [
  meGet,
];
