// The pure half of yearly numbering (invoices and licenses): the day and year an instant is issued
// in (UTC), and the `YYYY-NNNNNN` format. The counters that draw sequences are tested against
// Postgres in test/operations/invoices/club.invoices.create.numbering.test.ts and
// test/operations/licenses/federation.licenses.approve.test.ts.
import t from 'tap';
import { formatYearlyNumber, maxSequence, numberingYear, utcDay } from '../../src/resources/yearly-numbers.js';
import { seeded } from '../support/random.js';

const rnd = seeded(20261122);
const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

t.test('the year turns over at midnight UTC, whatever the offset the instant is written with', async (t) => {
  const cases: [string, string][] = [
    ['2026-12-31T23:59:59.999Z', '2026-12-31'],
    ['2027-01-01T00:00:00.000Z', '2027-01-01'],
    ['2027-01-01T00:30:00+01:00', '2026-12-31'], // still 2026 in UTC
    ['2026-12-31T20:00:00-05:00', '2027-01-01'], // already 2027 in UTC
    ['2028-02-29T12:00:00Z', '2028-02-29'],
  ];
  for (const [instant, day] of cases) {
    t.equal(utcDay(new Date(instant)), day, instant);
    t.equal(numberingYear(utcDay(new Date(instant))), Number(day.slice(0, 4)), instant);
  }
});

t.test('property: the numbering year of any instant is its UTC calendar year', async (t) => {
  const wrong: string[] = [];
  for (let i = 0; i < 5000; i++) {
    const at = new Date(Date.UTC(int(1970, 2999), 0, 1) + int(0, 366 * 86_400_000 - 1));
    if (numberingYear(utcDay(at)) !== at.getUTCFullYear()) wrong.push(at.toISOString());
  }
  t.same(wrong, []);
});

t.test('property: numbers are YYYY-NNNNNN and name exactly one (year, sequence)', async (t) => {
  const wrong: string[] = [];
  const seen = new Map<string, string>();
  for (let i = 0; i < 5000; i++) {
    const year = int(1, 9999);
    const sequence = i % 3 === 0 ? int(1, 10) : int(1, maxSequence);
    const number = formatYearlyNumber(year, sequence);
    const key = `${year}/${sequence}`;
    const back = `${Number(number.slice(0, 4))}/${Number(number.slice(5))}`;
    if (!/^\d{4}-\d{6}$/.test(number) || back !== key || (seen.get(number) ?? key) !== key) wrong.push(`${key} → ${number}`);
    seen.set(number, key);
  }
  t.same(wrong, []);
  const a = formatYearlyNumber(2026, 9);
  const b = formatYearlyNumber(2026, 10);
  const c = formatYearlyNumber(2027, 1);
  t.ok(a < b && b < c, 'zero padding keeps text order equal to numeric order');
});

t.test('the first and last numbers of a year, and what is out of range', async (t) => {
  t.equal(formatYearlyNumber(2026, 1), '2026-000001');
  t.equal(formatYearlyNumber(2026, 999_999), '2026-999999');
  for (const [year, sequence] of [[2026, 0], [2026, 1_000_000], [2026, 1.5], [0, 1], [10_000, 1]] as const) {
    t.throws(() => formatYearlyNumber(year, sequence), RangeError, `${year}/${sequence}`);
  }
  t.throws(() => numberingYear('26-01-01'), RangeError);
});
