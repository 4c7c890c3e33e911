import * as v from 'valibot';
import { date, text } from '../schemas.js';
import { seasonMachine, seasonFields } from '../../resources/seasons.js';

export const seasonOut = v.pipe(
  v.object(seasonFields),
  v.title('Season'),
  v.examples([{
    id: '12', name: '2026/27', starts_on: '2026-08-01', ends_on: '2027-06-30', status: 'open',
    created_at: '2026-04-02T09:15:00.000Z', updated_at: '2026-08-01T06:00:00.000Z', version: 2,
  }]),
);

const nextYear = new Date().getUTCFullYear() + 1;

export const seasonCreateBody = v.pipe(
  v.strictObject({
    name: text(1, 40),
    starts_on: date,
    ends_on: v.pipe(date, v.description('After starts_on; the season may not overlap another of the federation.')),
  }),
  v.description('`ends_on` must be after `starts_on`; the season may not overlap another (409 `conflict`).'),
  v.title('SeasonCreate'),
  // Years ahead of the federation's seasons, so the example does not overlap one.
  v.examples([{ name: `${nextYear + 50}/${String(nextYear + 51).slice(2)}`, starts_on: `${nextYear + 50}-08-01`, ends_on: `${nextYear + 51}-06-30` }]),
);

export const seasonPatchBody = v.pipe(
  v.strictObject({
    name: v.optional(text(1, 40)),
    starts_on: v.optional(v.pipe(date, v.description('Only while the season is planned.'))),
    ends_on: v.optional(v.pipe(date, v.description('Only while the season is planned.'))),
    status: v.optional(v.pipe(
      v.picklist(seasonMachine.states, `must be one of ${seasonMachine.states.join(', ')}`),
      v.description('Forward only: planned → open → closed; at most one open season.'),
    )),
  }),
  v.description('The dates, changed or not, must leave `ends_on` after `starts_on`; `status` moves one step forward only (409 `invalid_state`).'),
  v.title('SeasonPatch'),
  // A rename is accepted in every state; a status example would be refused from some (409).
  v.examples([{ name: `${nextYear - 1}/${String(nextYear).slice(2)} (spring)` }]),
);
