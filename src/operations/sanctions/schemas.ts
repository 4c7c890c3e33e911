import * as v from 'valibot';
import { currency, date, fromToday, id, text } from '../schemas.js';
import { sanctionFields, sanctionKinds, subjectTypes } from '../../resources/sanctions.js';

export const sanctionOut = v.pipe(v.object(sanctionFields), v.title('Sanction'), v.examples([{
  id: '61', subject_type: 'person', person_id: '2204', club_id: null, kind: 'suspension', reason: 'Red card, violent conduct (match 901)',
  starts_on: '2026-09-20', ends_on: '2026-10-11', amount: null, currency: null, status: 'active', lifted_at: null, lift_reason: null,
  created_at: '2026-09-20T09:00:00.000Z', updated_at: '2026-09-20T09:00:00.000Z', version: 1,
}]));

export const sanctionCreateBody = v.pipe(v.strictObject({
  subject_type: v.picklist(subjectTypes, 'must be one of person, club'),
  person_id: v.optional(v.pipe(id, v.description('With subject_type person.'))),
  club_id: v.optional(v.pipe(id, v.description('With subject_type club.'))),
  kind: v.picklist(sanctionKinds, `must be one of ${sanctionKinds.join(', ')}`),
  reason: text(1, 500),
  starts_on: v.optional(v.pipe(date, v.description('Defaults to today (UTC).'))),
  ends_on: v.optional(v.nullable(date)),
  amount: v.optional(v.pipe(v.number(), v.integer('must be an integer (minor units)'), v.minValue(1, 'must be more than 0'),
    v.maxValue(2_000_000_000, 'must be at most 2000000000'), v.description('A fine only, in minor units.'))),
  currency: v.optional(v.pipe(currency, v.description('A fine only.'))),
}), v.title('SanctionCreate'), v.examples([{
  subject_type: 'club', club_id: '5', kind: 'fine', reason: 'Pyrotechnics in the stands', starts_on: fromToday(1), amount: 25000, currency: 'EUR',
}]));

export const sanctionLiftBody = v.pipe(v.strictObject({ reason: text(1, 500) }), v.title('SanctionLift'),
  v.examples([{ reason: 'Appeal upheld' }]));
