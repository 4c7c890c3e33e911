// The list's keyset promise (conventions.md: page 1 000 costs what page 1 costs), checked on the
// planner's own word for the exact SQL the operation runs.
import t, { type Test } from 'tap';
import { memberListQuery, type MemberFilters } from '../../../src/operations/members/club.members.list.js';
import { startService } from '../../support/harness.js';
import { checkIndexPlan } from '../../support/plans.js';
import { createClub, createMembers } from '../../support/factories.js';

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

// A search the planner could serve by walking the club's ids; with that way closed, as when it
// takes the pattern for rarer than it is, it must still read the club's matches only: one index
// holding the club and the name's trigrams (sql/00020), not the club's whole index ANDed with the
// trigram matches of every club.
t.test('a search reads the club\'s matches from the club-and-name index when the ids are not walked', async (t) => {
  const other = await createClub(service);
  await createMembers(service, other, 2_000);
  const indexes = await sql.begin(async (tx) => {
    await tx`set local enable_indexscan = off`;
    return checkIndexPlan(t, tx as never, 'q=last12, ids not walked', () => memberListQuery(tx as never, club, { q: 'last12' }, undefined, 26), 'members', true);
  });
  t.same(indexes, ['members_club_name_trgm_idx'], 'the one index');
  const rows = await memberListQuery(sql, club, { q: 'last12' }, undefined, 26);
  t.equal(rows.length, 26);
  t.ok(rows.every((r) => `${r.first_name} ${r.last_name}`.toLowerCase().includes('last12')));
});

t.test('the HTTP list serves the same pages', async (t) => {
  const res = await club.call('GET', '/v1/club/members?limit=25');
  t.equal(res.status, 200);
  t.equal(res.body.data.length, 25);
  t.type(res.body.meta.next_cursor, 'string');
});
