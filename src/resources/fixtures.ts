// A competition's fixtures: a round robin by the circle method (domain.md, Competition). Pure:
// the same entries in the same order always give the same fixtures.

export interface FixtureOptions {
  legs: 1 | 2;
  /** `YYYY-MM-DD`: the day of round 1. */
  firstRoundOn: string;
  daysBetweenRounds: number;
  /** `HH:MM`, UTC. */
  kickoffTime: string;
}

export interface Fixture<E> {
  /** 1…legs × rounds per leg: leg 2 continues leg 1's numbering. */
  round: number;
  leg: 1 | 2;
  home: E;
  away: E;
  scheduledAt: Date;
}

/** The pairs of one leg, round by round, as [home, away]; a bye (null) pairs are left out. */
export function roundRobin<E>(entries: readonly E[]): [E, E][][] {
  // The last place is fixed (the bye when n is odd); the others turn around it one step a round.
  const circle: (E | null)[] = entries.length % 2 === 0 ? [...entries] : [...entries, null];
  const fixed = circle.pop()!;
  const turning = circle.length; // odd
  const rounds: [E, E][][] = [];
  for (let r = 0; r < turning; r++) {
    const pairs: [E | null, E | null][] = [];
    // The fixed place hosts in odd rounds: its home and away counts differ by one at most.
    pairs.push(r % 2 === 1 ? [fixed, circle[r]!] : [circle[r]!, fixed]);
    for (let k = 1; k <= (turning - 1) / 2; k++) {
      const a = circle[(r + k) % turning]!;
      const b = circle[(r - k + turning) % turning]!;
      // Every other place alternates home and away from one round to the next (k odd: `a` hosts).
      pairs.push(k % 2 === 1 ? [a, b] : [b, a]);
    }
    rounds.push(pairs.filter((p): p is [E, E] => p[0] !== null && p[1] !== null));
  }
  return rounds;
}

const dayMs = 86_400_000;

/** Every match of the competition: leg 2 repeats leg 1's rounds in order with home and away swapped. */
export function fixtures<E>(entries: readonly E[], options: FixtureOptions): Fixture<E>[] {
  const leg = roundRobin(entries);
  const [hours, minutes] = options.kickoffTime.split(':').map(Number) as [number, number];
  const first = Date.parse(`${options.firstRoundOn}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  const out: Fixture<E>[] = [];
  for (let l = 0; l < options.legs; l++) {
    leg.forEach((pairs, r) => {
      const index = l * leg.length + r;
      const scheduledAt = new Date(first + index * options.daysBetweenRounds * dayMs);
      for (const [home, away] of pairs) {
        out.push(l === 0
          ? { round: index + 1, leg: 1, home, away, scheduledAt }
          : { round: index + 1, leg: 2, home: away, away: home, scheduledAt });
      }
    });
  }
  return out;
}
