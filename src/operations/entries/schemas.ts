import * as v from 'valibot';
import { id, text } from '../schemas.js';
import { entryFields } from '../../resources/entries.js';

export const entryOut = v.pipe(v.object(entryFields), v.title('Entry'), v.examples([{
  id: '40', competition_id: '12', club_id: '5', team_id: '88', team_name: 'VV Oranje U15', status: 'accepted', reason: null,
  created_at: '2026-06-03T08:00:00.000Z', updated_at: '2026-06-04T12:15:00.000Z', version: 2,
}]));

export const entryCreateBody = v.pipe(v.strictObject({ team_id: id }), v.title('EntryCreate'), v.examples([{ team_id: '88' }]));

export const entryRejectBody = v.pipe(v.strictObject({ reason: text(1, 500) }), v.title('EntryReject'),
  v.examples([{ reason: 'The team plays in the U17 league this season.' }]));
