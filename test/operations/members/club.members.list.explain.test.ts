// The list's keyset promise (conventions.md: page 1 000 costs what page 1 costs), checked on the
// planner's own word for the exact SQL the operation runs.
import t, { type Test } from 'tap';
import { searchRows, searchScan } from '../../../src/operations/listing.js';
import { memberListQuery, type MemberFilters } from '../../../src/operations/members/club.members.list.js';
import { startService } from '../../support/harness.js';
import { checkIndexPlan } from '../../support/plans.js';
import { createClub, createMembers } from '../../support/factories.js';

interface PlanNode { 'Relation Name'?: string; 'Actual Rows': number; 'Rows Removed by Filter'?: number; Plans?: PlanNode[] }
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

const service = await startService(t);
const { sql } = service;
const N = 100_000;

const club = await createClub(service);
await createMembers(service, club, N);
// The cursor of a deep page: the id after which the last 50 rows remain.
const [deep] = await sql`select id from members where club_id = ${club.id} order by id offset ${N - 50} limit 1`;

async function explain(t: Test, label: string, filters: MemberFilters, after: string | undefined) {
  const indexes = await checkIndexPlan(t, sql, label, () => memberListQuery(sql, club, filters, after, 26), 'members', true);
  t.ok(indexes.some((name) => name.startsWith('members_')), `${label}: uses ${indexes.join(', ')}`);
  // Served rows, not just plans: the page is the right one.
  const rows = await memberListQuery(sql, club, filters, after, 26);
  return rows;
}

t.test('page 1 uses the members index', async (t) => {
  const rows = await explain(t, 'page 1', {}, undefined);
  t.equal(rows.length, 26);
});

t.test(`a deep page (after row ${N - 50}) uses the members index`, async (t) => {
  const rows = await explain(t, 'deep page', {}, deep!.id);
  t.equal(rows.length, 26);
  t.ok(BigInt(rows[0]!.id) > BigInt(deep!.id));
});

t.test('a deep page with the status filter uses the members index', async (t) => {
  const rows = await explain(t, 'deep page, status=active', { status: 'active' }, deep!.id);
  t.ok(rows.every((r) => r.status === 'active'));
});

t.test('a small club next to the big one uses the members index too', async (t) => {
  const small = await createClub(service);
  await createMembers(service, small, 60);
  const indexes = await checkIndexPlan(t, sql, 'small club', () => memberListQuery(sql, small, {}, undefined, 26), 'members');
  t.ok(indexes.some((name) => name.startsWith('members_')));
  t.equal((await memberListQuery(sql, small, {}, undefined, 100)).length, 60);
});

// A search examines at most `searchScan` of the club's members per page, in id order, whatever
// its pattern: no index yields substring matches in id order, so the page is capped instead and may
// come back short with a cursor (conventions.md, Paging). Among members 1-1 000, "last12" is in
// eleven (Last12, Last120-129): fewer than the 25 asked for.
t.test('a search page examines at most searchScan members and ends short with a cursor', async (t) => {
  const [row] = await sql`explain (analyze, format json) ${memberListQuery(sql, club, { q: 'last12' }, undefined, 26)}`;
  const plan = nodes((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  // Rows of the club, that is: an id walk may also pass other files' members, inserted meanwhile.
  const scans = plan.filter((n) => n['Relation Name'] === 'members');
  const read = scans.map((n) => `${n['Actual Rows']} (+${n['Rows Removed by Filter'] ?? 0} filtered)`);
  t.ok(scans.length > 0 && scans.every((n) => n['Actual Rows'] <= searchScan), `each scan of members reads at most ${searchScan} of the club's rows: ${read.join(', ')}`);
  const { rows, examinedTo } = searchRows<{ id: string; first_name: string; last_name: string }>(
    await memberListQuery(sql, club, { q: 'last12' }, undefined, 26));
  t.equal(rows.length, 11, 'the matches among the first members examined');
  t.ok(rows.every((r) => `${r.first_name} ${r.last_name}`.toLowerCase().includes('last12')));
  const [last] = await sql`select id from members where club_id = ${club.id} order by id offset ${searchScan - 1} limit 1`;
  t.same(examinedTo, [last!.id], 'the next page starts after the last member examined');
});

t.test('the HTTP list serves the same pages', async (t) => {
  const res = await club.call('GET', '/v1/club/members?limit=25');
  t.equal(res.status, 200);
  t.equal(res.body.data.length, 25);
  t.type(res.body.meta.next_cursor, 'string');
});
