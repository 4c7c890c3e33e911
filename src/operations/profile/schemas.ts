import * as v from 'valibot';
import { clubFields } from '../../resources/clubs.js';
import { email, exampleMeta, phone, text, url, readOnly } from '../schemas.js';
import { addressPatch } from '../address.js';

export const clubProfile = v.pipe(
  v.object(clubFields),
  v.title('ClubProfile'),
  v.examples([{
    ...exampleMeta, id: '2', name: 'FC Example', short_name: 'FCE', federation_id: '1', affiliation_number: 'A000002', status: 'active',
    email: 'info@fc-example.org', phone: '+31 20 123 4567', website: 'https://fc-example.org',
    address: { line1: 'Sportlaan 1', line2: null, postal_code: '1234 AB', city: 'Amsterdam', country: 'NL' }, founded_year: 1921,
  }]),
);

const foundedYear = v.pipe(
  v.number(),
  v.integer('must be an integer'),
  v.minValue(1800, 'must be from 1800 to the current year'),
  v.check((y) => y <= new Date().getUTCFullYear(), 'must not be in the future'),
  v.description('From 1800 to the current UTC year: not in the future.'),
);

export const clubProfilePatch = v.pipe(v.strictObject({
  short_name: v.optional(v.nullable(text(1, 40))),
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
  website: v.optional(v.nullable(url)),
  address: v.optional(addressPatch),
  founded_year: v.optional(v.nullable(foundedYear)),
  name: readOnly('the federation manages it'),
  status: readOnly('the federation suspends and reinstates clubs'),
  affiliation_number: readOnly('the federation assigns it'),
}), v.title('ClubProfilePatch'), v.examples([{ short_name: 'FCE', website: 'https://fc-example.org' }]));
