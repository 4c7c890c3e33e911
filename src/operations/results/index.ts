import type { Operation } from '../operation.js';
import { clubResultsReport } from './club.results.report.js';

export const resultsOperations: Operation[] = [
  clubResultsReport,
];
