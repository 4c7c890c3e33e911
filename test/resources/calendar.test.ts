// Ages in whole years, checked against counting birthdays one by one.
import t from 'tap';
import { ageOn, laterOf, todayUtc } from '../../src/resources/calendar.js';
import { seeded } from '../support/random.js';

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The slow, obvious count: every birthday (29 February falls on 1 March in other years) up to `day`. */
function countBirthdays(birth: string, day: string): number {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  let age = -1;
  for (let year = y; ; year++) {
    const leapless = m === 2 && d === 29 && new Date(Date.UTC(year, 1, 29)).getUTCMonth() !== 1;
    const birthday = leapless ? `${year}-03-01` : `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (birthday > day) return age;
    age++;
  }
}

t.test('known ages', async (t) => {
  t.equal(ageOn('2012-08-01', '2026-08-01'), 14, 'on the birthday');
  t.equal(ageOn('2012-08-02', '2026-08-01'), 13, 'the day before');
  t.equal(ageOn('2012-02-29', '2026-02-28'), 13, '29 February, not yet in a common year');
  t.equal(ageOn('2012-02-29', '2026-03-01'), 14, '29 February counts from 1 March');
  t.equal(ageOn('2012-02-29', '2028-02-29'), 16, 'and on the day in a leap year');
  t.equal(ageOn('2026-05-01', '2026-05-01'), 0);
});

t.test('property: matches counting birthdays, over random dates', async (t) => {
  const next = seeded(7);
  for (let i = 0; i < 3000; i++) {
    const birth = new Date(Date.UTC(1950, 0, 1) + Math.floor(next() * 60 * 365.25) * 86_400_000);
    const day = new Date(birth.getTime() + Math.floor(next() * 40 * 365.25) * 86_400_000);
    const [b, d] = [iso(birth), iso(day)];
    if (ageOn(b, d) !== countBirthdays(b, d)) t.fail(`${b} on ${d}: ${ageOn(b, d)} ≠ ${countBirthdays(b, d)}`);
  }
  t.pass('3000 pairs');
});

t.test('laterOf and todayUtc', async (t) => {
  t.equal(laterOf('2026-08-01', '2026-07-31'), '2026-08-01');
  t.equal(laterOf('2026-01-01', '2026-12-31'), '2026-12-31');
  t.match(todayUtc(), /^\d{4}-\d{2}-\d{2}$/);
  t.equal(todayUtc(), new Date().toISOString().slice(0, 10));
});
