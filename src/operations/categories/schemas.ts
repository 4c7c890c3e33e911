import * as v from 'valibot';
import { text } from '../schemas.js';
import { categoryFields } from '../../resources/categories.js';

export const categoryOut = v.pipe(
  v.object(categoryFields),
  v.title('LicenseCategory'),
  v.examples([{
    id: '7', code: 'U14', name: 'Under 14', min_age: 12, max_age: 13, status: 'active',
    created_at: '2026-04-02T09:20:00.000Z', updated_at: '2026-04-02T09:20:00.000Z', version: 1,
  }]),
);

const age = v.pipe(
  v.number(),
  v.integer('must be an integer'),
  v.minValue(0, 'must be from 0 to 120'),
  v.maxValue(120, 'must be from 0 to 120'),
  v.description('Age in whole years on the season\'s starts_on.'),
);

export const categoryCreateBody = v.pipe(
  v.strictObject({
    code: v.pipe(v.string(), v.regex(/^[A-Z0-9_]{1,16}$/, 'must be 1 to 16 of A-Z, 0-9 and _'), v.description('Unique in the federation.')),
    name: text(1, 80),
    min_age: v.optional(v.nullable(age)),
    max_age: v.optional(v.nullable(age)),
  }),
  v.description('`max_age` must not be below `min_age`.'),
  v.title('LicenseCategoryCreate'),
  v.examples([{ code: 'U14', name: 'Under 14', min_age: 12, max_age: 13 }]),
);
