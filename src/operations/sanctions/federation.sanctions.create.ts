import * as v from 'valibot';
import { invalidFields, type FieldError } from '../../errors.js';
import { todayUtc } from '../../resources/calendar.js';
import { clubs } from '../../resources/clubs.js';
import { persons } from '../../resources/persons.js';
import { sanctions, withStatus } from '../../resources/sanctions.js';
import { defineOperation } from '../operation.js';
import { sanctionCreateBody, sanctionOut } from './schemas.js';

type Body = v.InferOutput<typeof sanctionCreateBody>;

/** The fields that go together (domain.md, Sanction): the subject's id, a fine's money, a suspension's subject. */
function pairing(body: Body, startsOn: string): FieldError[] {
  const errors: FieldError[] = [];
  const subject = body.subject_type === 'person' ? 'person_id' : 'club_id';
  const other = body.subject_type === 'person' ? 'club_id' : 'person_id';
  if (body[subject] === undefined) errors.push({ path: `/${subject}`, message: `is required for a ${body.subject_type}` });
  if (body[other] !== undefined) errors.push({ path: `/${other}`, message: `is not allowed for a ${body.subject_type}` });
  if (body.kind === 'suspension' && body.subject_type !== 'person') errors.push({ path: '/kind', message: 'a suspension is for persons only' });
  for (const field of ['amount', 'currency'] as const) {
    if (body.kind === 'fine' && body[field] === undefined) errors.push({ path: `/${field}`, message: 'is required for a fine' });
    if (body.kind !== 'fine' && body[field] !== undefined) errors.push({ path: `/${field}`, message: 'is for a fine only' });
  }
  if (body.ends_on && body.ends_on < startsOn) errors.push({ path: '/ends_on', message: 'must not be before starts_on' });
  return errors;
}

export default defineOperation({
  summary: 'Sanction a person or a club of the federation',
  method: 'POST',
  path: '/v1/federation/sanctions',
  scope: 'federation:sanctions:write',
  body: sanctionCreateBody,
  response: sanctionOut,
  async handler(ctx) {
    const { body, unit: { sql } } = ctx;
    const startsOn = body.starts_on ?? todayUtc();
    const errors = pairing(body, startsOn);
    if (errors.length > 0) throw invalidFields(errors);
    // A subject outside the federation is 404, not 422 (domain.md, Sanction).
    if (body.person_id) await persons.get(sql, ctx.workspace, body.person_id);
    if (body.club_id) await clubs.get(sql, ctx.workspace, body.club_id);
    const row = await sanctions.insert(ctx.unit, {
      federation_id: ctx.workspace.id, subject_type: body.subject_type, person_id: body.person_id ?? null, club_id: body.club_id ?? null,
      kind: body.kind, reason: body.reason, starts_on: startsOn, ends_on: body.ends_on ?? null,
      amount: body.amount ?? null, currency: body.currency ?? null,
    });
    return { status: 201, data: withStatus(row) };
  },
});
