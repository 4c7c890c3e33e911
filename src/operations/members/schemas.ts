import * as v from 'valibot';
import { address, list, date, email, exampleMeta, phone, text, readOnly } from '../schemas.js';
import { addressPatch } from '../address.js';
import { todayUtc } from '../../resources/calendar.js';
import { genders, memberFields } from '../../resources/members.js';

const birthDate = v.pipe(date, v.check((d) => d <= todayUtc(), 'must not be in the future'));
const gender = v.picklist(genders, `must be one of ${genders.join(', ')}`);

const guardian = v.strictObject({
  name: text(1, 160),
  relationship: v.pipe(text(1, 40), v.description('e.g. mother, father, legal guardian')),
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
});
const guardians = list(guardian, 'guardian', 4);

export type Guardian = v.InferOutput<typeof guardian>;

const exampleGuardian = { name: 'Anne Isabella Milbanke', relationship: 'mother', email: 'anne@example.org', phone: null };

export const member = v.pipe(
  v.object(memberFields),
  v.title('Member'),
  v.examples([{
    ...exampleMeta, first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female', email: 'ada@example.org',
    phone: '+44 20 7946 0958', address: { line1: '12 St James Square', line2: null, postal_code: 'SW1Y 4JH', city: 'London', country: 'GB' },
    external_ref: 'M-0042', joined_on: '2026-09-01', status: 'active', person_id: null, guardians: [exampleGuardian],
  }]),
);

export const memberCreateBody = v.pipe(v.strictObject({
  first_name: text(1, 80),
  last_name: text(1, 80),
  birth_date: birthDate,
  gender,
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
  address: v.optional(v.nullable(address)),
  external_ref: v.optional(v.nullable(text(1, 64))),
  joined_on: v.optional(v.pipe(date, v.description('Defaults to today (UTC).'))),
  guardians: v.optional(guardians),
}), v.title('MemberCreate'), v.examples([{
  first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female', email: 'ada@example.org', guardians: [exampleGuardian],
}]));

export const memberPatchBody = v.pipe(v.strictObject({
  first_name: v.optional(text(1, 80)),
  last_name: v.optional(text(1, 80)),
  birth_date: v.optional(birthDate),
  gender: v.optional(gender),
  email: v.optional(v.nullable(email)),
  phone: v.optional(v.nullable(phone)),
  address: v.optional(addressPatch),
  external_ref: v.optional(v.nullable(text(1, 64))),
  joined_on: v.optional(date),
  guardians: v.optional(v.pipe(guardians, v.description('Replaces the whole list.'))),
  status: readOnly('use the archive and restore actions'),
  person_id: readOnly('set when a license is approved or a transfer lands'),
}), v.title('MemberPatch'), v.examples([{ email: 'ada.lovelace@example.org', phone: null }]));

/** Guardians are stored and answered with every member present. */
export const normalizeGuardians = (list: Guardian[]) =>
  list.map((g) => ({ name: g.name, relationship: g.relationship, email: g.email ?? null, phone: g.phone ?? null }));
