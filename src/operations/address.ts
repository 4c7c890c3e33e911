// The one nested object of a PATCH: RFC 7396 merges it member by member, so a patch may carry
// only `city`, while the merged result must still be a complete address.
import * as v from 'valibot';
import { ApiError } from '../errors.js';
import { address } from './schemas.js';

export type { Address } from '../resources/fields.js';
import type { Address } from '../resources/fields.js';

export const addressPatch = v.nullable(v.partial(address));
type AddressPatch = v.InferOutput<typeof addressPatch>;

/** Stored and answered with every member present. */
export function normalizeAddress(input: v.InferOutput<typeof address>): Address {
  return { line1: input.line1, line2: input.line2 ?? null, postal_code: input.postal_code, city: input.city, country: input.country };
}

export function mergeAddress(current: Address | null, patch: AddressPatch): Address | null {
  if (patch === null) return null;
  const result = v.safeParse(address, { ...current, ...patch });
  if (result.success) return normalizeAddress(result.output);
  const errors = result.issues.map((issue) => ({
    path: '/address' + (issue.path ?? []).map((p) => '/' + String(p.key)).join(''),
    message: issue.input === undefined ? 'is required: the address has no such member to keep' : issue.message,
  }));
  throw new ApiError('validation_failed', `invalid ${errors.map((e) => e.path).join(', ')}`, { errors });
}
