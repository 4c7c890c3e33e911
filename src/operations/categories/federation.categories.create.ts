import { invalidField } from '../../errors.js';
import { categories } from '../../resources/categories.js';
import { defineOperation } from '../operation.js';
import { categoryCreateBody, categoryOut } from './schemas.js';

export default defineOperation({
  summary: 'Create a license category',
  method: 'POST',
  path: '/v1/federation/license-categories',
  scope: 'federation:licenses:write',
  body: categoryCreateBody,
  response: categoryOut,
  refusals: ['conflict'],
  async handler(ctx) {
    const { body } = ctx;
    const minAge = body.min_age ?? null;
    const maxAge = body.max_age ?? null;
    if (minAge !== null && maxAge !== null && maxAge < minAge) throw invalidField('/max_age', 'must not be below min_age');
    const category = await categories.insert(ctx.unit, {
      federation_id: ctx.workspace.id, code: body.code, name: body.name, min_age: minAge, max_age: maxAge,
    });
    return { status: 201, data: category };
  },
});
