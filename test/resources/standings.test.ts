// The standings function on crafted results: each tie-break level decides on its own, and a
// property check that the table is consistent with the results it was built from.
import t from 'tap';
import { standings, type PlayedMatch, type Side, type StandingsRow } from '../../src/resources/standings.js';
import { seeded } from '../support/random.js';

const side = (entry: string, name: string): Side => ({ entry_id: entry, club_id: `c${entry}`, team_id: `t${entry}`, team_name: name });
const result = (home: string, away: string, hs: number, as: number): PlayedMatch => ({ home_entry_id: home, away_entry_id: away, home_score: hs, away_score: as });
const points = { win: 3, draw: 1, loss: 0 };
const order = (rows: { entry_id: string }[]) => rows.map((r) => r.entry_id);

t.test('no match played: every entry has a row of zeros, by name then id', async (t) => {
  const rows = standings([side('10', 'Zeta'), side('2', 'Alpha'), side('9', 'Alpha')], [], points);
  t.same(order(rows), ['2', '9', '10']);
  t.same(rows[2], { ...side('10', 'Zeta'), rank: 3, played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0 });
});

t.test('counts wins, draws, losses, goals and points from both sides', async (t) => {
  const rows = standings([side('1', 'A'), side('2', 'B'), side('3', 'C')], [
    result('1', '2', 3, 1), result('2', '3', 2, 2), result('3', '1', 0, 1),
  ], points);
  t.same(rows.map((r) => [r.rank, r.entry_id, r.played, r.won, r.drawn, r.lost, r.goals_for, r.goals_against, r.goal_difference, r.points]), [
    [1, '1', 2, 2, 0, 0, 4, 1, 3, 6],
    [2, '3', 2, 0, 1, 1, 2, 3, -1, 1],
    [3, '2', 2, 0, 1, 1, 3, 5, -2, 1],
  ]);
});

t.test('ties: points, then goal difference, then goals for, then name, then id', async (t) => {
  const entries = [side('1', 'Delta'), side('2', 'Charlie'), side('3', 'Bravo'), side('4', 'Alpha'), side('5', 'Alpha'), side('6', 'Echo')];
  // Every entry but 6 ends on 3 points: 1 by +3, 2 by +2 with 4 goals, 3 by +2 with 2 goals,
  // 4 and 5 by +1 with 1 goal (same name: the lower id first). 6 loses everything.
  const rows = standings(entries, [
    result('1', '6', 3, 0), result('2', '6', 4, 2), result('6', '3', 0, 2), result('4', '6', 1, 0), result('6', '5', 0, 1),
  ], points);
  t.same(order(rows), ['1', '2', '3', '4', '5', '6']);
  t.same(rows.map((r) => r.points), [3, 3, 3, 3, 3, 0]);
  t.same(rows.map((r) => r.rank), [1, 2, 3, 4, 5, 6]);
});

t.test('goal difference beats goals for; goals for beats the name', async (t) => {
  const rows = standings([side('1', 'A'), side('2', 'B'), side('3', 'C'), side('4', 'D')], [
    result('1', '4', 5, 4), // A: +1, 5 goals
    result('2', '4', 2, 0), // B: +2, 2 goals
    result('3', '4', 6, 5), // C: +1, 6 goals
  ], points);
  t.same(order(rows), ['2', '3', '1', '4']);
});

t.test('ids order as numbers, not as text', async (t) => {
  t.same(order(standings([side('10', 'Same'), side('9', 'Same')], [], points)), ['9', '10']);
});

t.test('the competition\'s own points', async (t) => {
  const rows = standings([side('1', 'A'), side('2', 'B')], [result('1', '2', 0, 0), result('2', '1', 1, 0)], { win: 2, draw: 1, loss: -1 });
  t.same(rows.map((r) => [r.entry_id, r.points]), [['2', 3], ['1', 0]]);
});

t.test('property: the table agrees with the results it was built from', async (t) => {
  const next = seeded(12345);
  for (let round = 0; round < 200; round++) {
    const n = 2 + Math.floor(next() * 10);
    const entries = Array.from({ length: n }, (_, i) => side(String(i + 1), `T${Math.floor(next() * 3)}`));
    const played = Array.from({ length: Math.floor(next() * 30) }, () => {
      const h = 1 + Math.floor(next() * n);
      const a = 1 + ((h + Math.floor(next() * (n - 1))) % n);
      return result(String(h), String(a), Math.floor(next() * 5), Math.floor(next() * 5));
    });
    const rows = standings(entries, played, points);
    t.equal(rows.length, n);
    t.equal(rows.reduce((s, r) => s + r.played, 0), played.length * 2);
    t.equal(rows.reduce((s, r) => s + r.goal_difference, 0), 0);
    t.equal(rows.reduce((s, r) => s + r.won, 0), rows.reduce((s, r) => s + r.lost, 0));
    for (const r of rows) t.equal(r.points, r.won * 3 + r.drawn, `points of ${r.entry_id}`);
    const key = (r: StandingsRow) => [-r.points, -r.goal_difference, -r.goals_for];
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      const [ka, kb] = [key(a), key(b)];
      const level = ka.findIndex((x, j) => x !== kb[j]);
      const inOrder = level >= 0 ? ka[level]! < kb[level]!
        : a.team_name !== b.team_name ? a.team_name < b.team_name : Number(a.entry_id) < Number(b.entry_id);
      t.ok(inOrder, `rows ${i} and ${i + 1} in order`);
    }
  }
});
