import * as v from 'valibot';
import { addressOut, email, phone, resourceMeta, text, url } from '../../schemas.js';
import { addressPatch, readOnly } from './address.js';

export const clubProfile = v.object({
  ...resourceMeta,
  name: v.string(),
  short_name: v.nullable(v.string()),
  federation_id: v.string(),
  affiliation_number: v.string(),
  status: v.picklist(['active', 'suspended']),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  website: v.nullable(v.string()),
  address: v.nullable(addressOut),
  founded_year: v.nullable(v.number()),
});

const foundedYear = v.pipe(
  v.number(),
  v.integer('must be an integer'),
  v.minValue(1800, 'must be from 1800 to the current year'),
  v.check((y) => y <= new Date().getUTCFullYear(), 'must not be in the future'),
);

export const clubProfilePatch = v.strictObject({
  short_name: v.optional(v.nullable(text(1, 40))),
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
  website: v.optional(v.nullable(url)),
  address: v.optional(addressPatch),
  founded_year: v.optional(v.nullable(foundedYear)),
  name: readOnly('is not writable here: the federation manages it'),
  status: readOnly('is not writable here: the federation suspends and reinstates clubs'),
  affiliation_number: readOnly('is not writable here: the federation assigns it'),
});
