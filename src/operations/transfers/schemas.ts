import * as v from 'valibot';
import { text } from '../schemas.js';
import { transferFields } from '../../resources/transfers.js';

export const transferOut = v.pipe(
  v.object(transferFields),
  v.title('Transfer'),
  v.examples([{
    id: '77', person_id: '5120', license_id: '9001', license_number: '2026-000123', from_club_id: '41', to_club_id: '58',
    season_id: '12', status: 'released' as const, requested_at: '2026-09-01T12:00:00.000Z', released_at: '2026-09-03T08:30:00.000Z',
    decided_at: null, reason: null, created_at: '2026-09-01T12:00:00.000Z', updated_at: '2026-09-03T08:30:00.000Z', version: 2,
  }]),
);

export const transferRequestBody = v.pipe(
  v.strictObject({
    license_number: v.pipe(text(1, 32), v.description('The approved license of a player of another club of the federation.')),
  }),
  v.title('TransferRequest'),
  v.examples([{ license_number: '2026-000123' }]),
);

export const transferRejectBody = v.pipe(
  v.strictObject({ reason: text(1, 500) }),
  v.title('TransferReject'),
  v.examples([{ reason: 'Transfer window closed' }]),
);
