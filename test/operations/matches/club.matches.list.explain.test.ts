// The match lists' keyset promise on 100 000 matches, checked on the planner's own word for the
// exact SQL the operations run: a club by date window (and a deep page), the federation by
// competition and round, and by status.
import t, { type Test } from 'tap';
import { matchListQuery, type MatchFilters, type MatchPosition } from '../../../src/resources/match-list.js';
import type { Workspace } from '../../../src/workspace.js';
import { startService } from '../../support/harness.js';
import { checkIndexPlan } from '../../support/plans.js';
import { createFederation, createMatchVolume } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;
const N = 100_000;

const federation = await createFederation(service);
const { clubIds, competitionIds } = await createMatchVolume(service, federation.id, N, 200, 50);
const club: Workspace = { id: clubIds[7]!, kind: 'club', federationId: federation.id };
const fed: Workspace = { id: federation.id, kind: 'federation', federationId: federation.id };

async function explain(t: Test, label: string, ws: Workspace, filters: MatchFilters, after?: MatchPosition) {
  const indexes = await checkIndexPlan(t, sql, label, () => matchListQuery(sql, ws, filters, after, 26), 'matches');
  return { indexes, rows: await matchListQuery(sql, ws, filters, after, 26) };
}

t.test('the volume is there', async (t) => {
  const [row] = await sql`select count(*)::int as n from matches where federation_id = ${federation.id}`;
  t.equal(row!.n, N);
});

t.test('a club by date window: its home and away indexes, the right rows', async (t) => {
  const window = { from: '2031-06-01T00:00:00Z', to: '2031-06-30T23:59:59Z' };
  const { indexes, rows } = await explain(t, 'club, June 2031', club, window);
  t.ok(indexes.includes('matches_home_idx') && indexes.includes('matches_away_idx'), indexes.join(', '));
  const [expected] = await sql`select count(*)::int as n from matches
    where (home_club_id = ${club.id} or away_club_id = ${club.id}) and scheduled_at between ${window.from} and ${window.to}`;
  t.equal(rows.length, Math.min(26, expected!.n as number));
  t.ok(rows.length > 0);
  t.ok(rows.every((r) => r.home_club_id === club.id || r.away_club_id === club.id));
  t.ok(rows.every((r, i) => i === 0 || r.scheduled_at >= rows[i - 1]!.scheduled_at));
});

t.test('a club\'s deep page costs what its first page costs', async (t) => {
  const [last] = await sql`select scheduled_at, id from matches where home_club_id = ${club.id} or away_club_id = ${club.id}
    order by scheduled_at desc, id desc offset 30 limit 1`;
  const { indexes, rows } = await explain(t, 'club, deep page', club, {}, [(last!.scheduled_at as Date).toISOString(), last!.id as string]);
  t.ok(indexes.includes('matches_home_idx'), indexes.join(', '));
  t.equal(rows.length, 26);
});

t.test('the federation by competition and round: the round index', async (t) => {
  const { indexes, rows } = await explain(t, 'federation, competition and round', fed, { competition_id: competitionIds[3]!, round: 2 });
  t.ok(indexes.includes('matches_round_idx'), indexes.join(', '));
  t.ok(rows.length > 0);
  t.ok(rows.every((r) => r.competition_id === competitionIds[3] && r.round === 2));
});

t.test('the federation\'s whole list and a club filter: indexes too', async (t) => {
  const whole = await explain(t, 'federation, all', fed, {});
  t.ok(whole.indexes.includes('matches_federation_idx'), whole.indexes.join(', '));
  const byClub = await explain(t, 'federation, one club', fed, { club_id: clubIds[9]! });
  t.ok(byClub.indexes.includes('matches_home_idx'), byClub.indexes.join(', '));
  t.ok(byClub.rows.every((r) => r.home_club_id === clubIds[9] || r.away_club_id === clubIds[9]));
});

t.test('the federation by status: its status index from the first row, whatever share of the season is played', async (t) => {
  // Mid-season: the first tenth of the matches, by kickoff, played.
  await sql`update matches set status = 'played', home_score = 1, away_score = 0, result_source = 'federation'
    where id in (select id from matches where federation_id = ${federation.id} order by scheduled_at, id limit ${N / 10})`;
  await sql`analyze matches`;
  for (const status of ['scheduled', 'played', 'postponed']) {
    const { indexes, rows } = await explain(t, `federation, ${status}`, fed, { status });
    t.ok(indexes.includes('matches_federation_status_idx'), indexes.join(', '));
    t.equal(rows.length, status === 'postponed' ? 0 : 26);
    t.ok(rows.every((r) => r.status === status));
    t.ok(rows.every((r, i) => i === 0 || r.scheduled_at >= rows[i - 1]!.scheduled_at), 'by kickoff');
  }
  const [first] = await sql`select scheduled_at from matches where federation_id = ${federation.id} and status = 'scheduled'
    order by scheduled_at, id limit 1`;
  const { rows } = await explain(t, 'federation, scheduled', fed, { status: 'scheduled' });
  t.same(rows[0]!.scheduled_at, first!.scheduled_at, 'the first scheduled match first');
});
