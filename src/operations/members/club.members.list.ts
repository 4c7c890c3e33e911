import * as v from 'valibot';
import { nothing, plannedPerRun } from '../../db/driver.js';
import type { Db } from '../../resources/unit.js';
import { defineOperation, type Workspace } from '../operation.js';
import { likePattern, searchPages, searchQuery, searchRows } from '../listing.js';
import { afterCursor, page } from '../paging.js';
import { chars, enumFilter, id, listQuery } from '../schemas.js';
import { memberMachine, members } from '../../resources/members.js';
import { member } from './schemas.js';

export interface MemberFilters {
  status?: string;
  q?: string;
  external_ref?: string;
  team_id?: string;
  updated_since?: string;
}

/**
 * The one SQL of the list, shared with the EXPLAIN test so the plan it checks is the plan served.
 * A search (`q`) examines at most `searchScan` of the club's members per page (`searchQuery`), and
 * is planned for its substring each time.
 */
export function memberListQuery(sql: Db, ws: Workspace, f: MemberFilters, after: string | undefined, limit: number) {
  const where = sql`${members.scope(sql, ws)}
    ${f.status ? sql`and m.status = ${f.status}` : nothing}
    ${f.external_ref ? sql`and m.external_ref = ${f.external_ref}` : nothing}
    ${f.team_id ? sql`and exists (
      select from roster_entries r where r.federation_id = ${ws.federationId} and r.team_id = ${f.team_id} and r.member_id = m.id)` : nothing}
    ${f.updated_since ? sql`and m.updated_at >= ${f.updated_since}::timestamptz` : nothing}
    ${after ? sql`and m.id > ${after}` : nothing}`;
  if (f.q) return plannedPerRun(searchQuery(sql, ws, members, where, sql`lower(m.first_name || ' ' || m.last_name) like ${likePattern(f.q.toLowerCase())}`, limit - 1));
  return sql`select ${members.selection} from members m where ${where} order by m.id limit ${limit}`;
}

export default defineOperation({
  summary: 'The club\'s members, by id',
  method: 'GET',
  path: '/v1/club/members',
  scope: 'club:members:read',
  query: listQuery({
    status: enumFilter(memberMachine.states),
    q: v.optional(v.pipe(v.string(), ...chars(1, 161),
      v.description(`Case-insensitive substring of "first_name last_name". ${searchPages}`))),
    external_ref: v.optional(v.pipe(v.string(), ...chars(1, 64))),
    team_id: v.optional(v.pipe(id, v.description('Members on this team\'s roster.'))),
  }),
  response: member,
  list: true,
  async handler(ctx) {
    const after = afterCursor(ctx, ctx.query)?.[0];
    const { rows, examinedTo } = searchRows<Record<string, unknown>>(await memberListQuery(ctx.db, ctx.workspace, ctx.query, after, ctx.query.limit + 1));
    return page(ctx, ctx.query, rows, (r) => [r.id as string], undefined, examinedTo);
  },
});
