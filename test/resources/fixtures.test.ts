// The fixtures module on its own: every n from 2 to 24 with one and two legs, then a property
// test over random n, random entry orders and random dates (seeded: a failure names its seed).
import t, { type Test } from 'tap';
import { fixtures, roundRobin, type Fixture, type FixtureOptions } from '../../src/resources/fixtures.js';
import { seeded } from '../support/random.js';

function shuffle<T>(items: T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const dayMs = 86_400_000;
const base: FixtureOptions = { legs: 1, firstRoundOn: '2030-08-31', daysBetweenRounds: 7, kickoffTime: '15:00' };

/** Every promise of domain.md about one competition's fixtures; returns the problems found. */
function problems(entries: string[], options: FixtureOptions, out: Fixture<string>[]): string[] {
  const found: string[] = [];
  const n = entries.length;
  const perLeg = n % 2 === 0 ? n - 1 : n;
  const rounds = perLeg * options.legs;
  if (out.length !== (options.legs * n * (n - 1)) / 2) found.push(`${out.length} matches`);
  const first = Date.parse(`${options.firstRoundOn}T${options.kickoffTime}:00Z`);
  for (let round = 1; round <= rounds; round++) {
    const matches = out.filter((m) => m.round === round);
    const leg = round <= perLeg ? 1 : 2;
    if (matches.length !== Math.floor(n / 2)) found.push(`round ${round}: ${matches.length} matches`);
    const playing = matches.flatMap((m) => [m.home, m.away]);
    if (new Set(playing).size !== playing.length) found.push(`round ${round}: an entry plays twice`);
    if (matches.some((m) => m.leg !== leg)) found.push(`round ${round}: not leg ${leg}`);
    const at = first + (round - 1) * options.daysBetweenRounds * dayMs;
    if (matches.some((m) => m.scheduledAt.getTime() !== at)) found.push(`round ${round}: not at ${new Date(at).toISOString()}`);
  }
  if (out.some((m) => m.round < 1 || m.round > rounds)) found.push('a round out of range');
  for (let leg = 1; leg <= options.legs; leg++) {
    const matches = out.filter((m) => m.leg === leg);
    const pairs = new Map<string, number>();
    for (const m of matches) {
      if (m.home === m.away) found.push(`${m.home} plays itself`);
      const key = [m.home, m.away].sort().join('-');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    if (pairs.size !== (n * (n - 1)) / 2 || [...pairs.values()].some((c) => c !== 1)) found.push(`leg ${leg}: a pair does not meet exactly once`);
    for (const e of entries) {
      const home = matches.filter((m) => m.home === e).length;
      const away = matches.filter((m) => m.away === e).length;
      if (Math.abs(home - away) > 1) found.push(`leg ${leg}: ${e} home ${home}, away ${away}`);
    }
  }
  if (options.legs === 2) {
    const leg1 = out.filter((m) => m.leg === 1);
    const mirrored = out.filter((m) => m.leg === 2).map((m) => [m.round - perLeg, m.away, m.home].join());
    if (mirrored.join('|') !== leg1.map((m) => [m.round, m.home, m.away].join()).join('|')) found.push('leg 2 does not mirror leg 1');
  }
  return found;
}

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => String(from + i));

t.test('n = 2…24, one and two legs: every promise holds', async (t) => {
  for (let n = 2; n <= 24; n++) {
    for (const legs of [1, 2] as const) {
      const entries = ids(n, 100);
      const options = { ...base, legs };
      t.same(problems(entries, options, fixtures(entries, options)), [], `n=${n} legs=${legs}`);
    }
  }
});

t.test('odd n: each round one entry rests, each entry exactly once per leg', async (t) => {
  for (const n of [3, 5, 7, 11, 23]) {
    const entries = ids(n);
    const rounds = roundRobin(entries);
    t.equal(rounds.length, n, `n=${n}: n rounds`);
    const resting = rounds.map((pairs) => entries.filter((e) => !pairs.some((p) => p.includes(e))));
    t.ok(resting.every((r) => r.length === 1), `n=${n}: one bye a round`);
    t.same(resting.flat().sort(), [...entries].sort(), `n=${n}: every entry rests once`);
  }
});

t.test('home and away alternate apart from one break per entry at most', async (t) => {
  for (const n of [4, 6, 10, 20]) {
    const rounds = roundRobin(ids(n));
    for (const e of ids(n)) {
      const venues = rounds.map((pairs) => pairs.find((p) => p.includes(e))).map((p) => (p![0] === e ? 'H' : 'A')).join('');
      t.ok((venues.match(/HH|AA/g) ?? []).length <= 1, `n=${n} entry ${e}: ${venues}`);
    }
  }
});

t.test('a worked example: four entries, two legs, dates and kickoff', async (t) => {
  const out = fixtures(['a', 'b', 'c', 'd'], { legs: 2, firstRoundOn: '2030-09-06', daysBetweenRounds: 3, kickoffTime: '18:30' });
  t.same(out.map((m) => `${m.round}/${m.leg} ${m.home}-${m.away} ${m.scheduledAt.toISOString()}`), [
    '1/1 a-d 2030-09-06T18:30:00.000Z', '1/1 b-c 2030-09-06T18:30:00.000Z',
    '2/1 d-b 2030-09-09T18:30:00.000Z', '2/1 c-a 2030-09-09T18:30:00.000Z',
    '3/1 c-d 2030-09-12T18:30:00.000Z', '3/1 a-b 2030-09-12T18:30:00.000Z',
    '4/2 d-a 2030-09-15T18:30:00.000Z', '4/2 c-b 2030-09-15T18:30:00.000Z',
    '5/2 b-d 2030-09-18T18:30:00.000Z', '5/2 a-c 2030-09-18T18:30:00.000Z',
    '6/2 d-c 2030-09-21T18:30:00.000Z', '6/2 b-a 2030-09-21T18:30:00.000Z',
  ]);
});

t.test('two entries: one match a leg', async (t) => {
  t.same(fixtures(['x', 'y'], { ...base, legs: 2 }).map((m) => [m.round, m.leg, m.home, m.away]), [[1, 1, 'x', 'y'], [2, 2, 'y', 'x']]);
});

function property(t: Test, seed: number) {
  const next = seeded(seed);
  const n = 2 + Math.floor(next() * 23);
  const legs = next() < 0.5 ? 1 : 2;
  const entries = shuffle(ids(n, 1 + Math.floor(next() * 1000)), next);
  const day = new Date(Date.UTC(2030, 0, 1) + Math.floor(next() * 3650) * dayMs).toISOString().slice(0, 10);
  const hh = String(Math.floor(next() * 24)).padStart(2, '0');
  const mm = String(Math.floor(next() * 60)).padStart(2, '0');
  const options: FixtureOptions = { legs, firstRoundOn: day, daysBetweenRounds: 1 + Math.floor(next() * 14), kickoffTime: `${hh}:${mm}` };
  const out = fixtures(entries, options);
  const label = `seed ${seed}: n=${n} legs=${legs} ${JSON.stringify(options)}`;
  t.same(problems(entries, options, out), [], label);
  t.same(fixtures([...entries], { ...options }), out, `${label}: the same input gives the same fixtures`);
}

t.test('property: random n, orders and dates', async (t) => {
  const start = Number(process.env.FIXTURES_SEED ?? Date.now() % 1_000_000);
  t.comment(`seeds ${start}…${start + 299} (FIXTURES_SEED replays them)`);
  for (let seed = start; seed < start + 300; seed++) property(t, seed);
});

t.test('another order of the same entries gives another, equally valid schedule', async (t) => {
  const entries = ids(8);
  const reversed = [...entries].reverse();
  const a = fixtures(entries, base);
  const b = fixtures(reversed, base);
  t.notSame(a.map((m) => [m.home, m.away]), b.map((m) => [m.home, m.away]));
  t.same(problems(reversed, base, b), []);
});
