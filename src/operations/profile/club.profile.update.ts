import { clubs } from '../../resources/clubs.js';
import { defineOperation } from '../operation.js';
import { mergeAddress } from '../address.js';
import { clubProfile, clubProfilePatch } from './schemas.js';

const columns = ['short_name', 'email', 'phone', 'website', 'founded_year'] as const;

export default defineOperation({
  summary: 'Change the club\'s contact details (JSON merge patch)',
  method: 'PATCH',
  path: '/v1/club/profile',
  scope: 'club:profile:write',
  body: clubProfilePatch,
  response: clubProfile,
  lock: { store: clubs },
  async handler(ctx) {
    const { body, locked: current } = ctx;
    const set: Record<string, unknown> = {};
    for (const column of columns) if (body[column] !== undefined) set[column] = body[column];
    if (body.address !== undefined) {
      const merged = mergeAddress(current.address, body.address);
      set.address = merged === null ? null : ctx.unit.sql.json(merged);
    }
    if (Object.keys(set).length === 0) return { data: current };
    return { data: await clubs.update(ctx.unit, current, set) };
  },
});
