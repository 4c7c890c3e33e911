import type { Operation } from '../operation.js';
import { federationCategoriesCreate } from './federation.categories.create.js';
import { federationCategoriesList } from './federation.categories.list.js';

export const categoriesOperations: Operation[] = [
  federationCategoriesCreate,
  federationCategoriesList,
];
