import { ApiError, invalidFields, type FieldError } from '../errors.js';
import { isStorableText, unstorableMessage } from '../operations/schemas.js';

/** Deeper bodies are refused before any schema or serializer recurses into them. */
export const maxBodyDepth = 32;
const maxReported = 20;

export const tooDeep = () => new ApiError('invalid_request', `the body is nested deeper than ${maxBodyDepth} levels`);

const pointer = (path: string, key: string) => `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * Refuses a parsed JSON body nested deeper than `maxBodyDepth` (400), or holding a string
 * Postgres could not store, member names included (422, each named). Walks with its own stack:
 * JSON.parse accepts nesting far deeper than any recursion survives.
 */
export function refuseUnstorable(body: object): void {
  const errors: FieldError[] = [];
  const stack: [unknown, string, number][] = [[body, '', 0]];
  while (stack.length > 0 && errors.length < maxReported) {
    const [value, path, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) errors.push({ path, message: unstorableMessage });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxBodyDepth) throw tooDeep();
    for (const [key, item] of Object.entries(value).reverse()) {
      const at = pointer(path, key);
      if (!isStorableText(key)) errors.push({ path: at, message: unstorableMessage });
      stack.push([item, at, depth + 1]);
    }
  }
  if (errors.length > 0) throw invalidFields(errors);
}
