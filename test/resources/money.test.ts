// Money stays integer minor units: bigint columns read as decimal strings become exact JSON
// integers, sums and balances are exact, and a fraction is refused rather than rounded.
import t from 'tap';
import { balance, maxAmount, minorUnits, total } from '../../src/resources/money.js';
import { seeded } from '../support/random.js';

const rnd = seeded(977);
const amount = () => 1 + Math.floor(rnd() * maxAmount);

t.test('property: the total of up to 50 lines equals the BigInt sum, digit for digit', async (t) => {
  const wrong: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const lines = Array.from({ length: 1 + Math.floor(rnd() * 50) }, amount);
    const exact = lines.reduce((sum, a) => sum + BigInt(a), 0n);
    const sum = total(lines);
    if (!Number.isSafeInteger(sum) || String(sum) !== exact.toString()) wrong.push(lines.join('+'));
  }
  t.same(wrong, []);
});

t.test('property: a column value round-trips, and paid + balance = amount exactly', async (t) => {
  const wrong: string[] = [];
  for (let i = 0; i < 2000; i++) {
    const a = amount() * 50;
    const paid = Math.floor(rnd() * a);
    const left = balance(String(a), String(paid));
    if (minorUnits(String(a)) !== a || left !== a - paid || total([String(paid), left]) !== a) wrong.push(`${a}/${paid}`);
  }
  t.same(wrong, []);
});

t.test('classic float traps stay exact in minor units', async (t) => {
  t.equal(total([10, 20]), 30, '0.10 + 0.20 is 30 cents, not 0.30000000000000004');
  t.equal(balance('1000', '900'), 100);
  t.equal(total(['9007199254740000', 991]), Number.MAX_SAFE_INTEGER);
});

t.test('fractions and values beyond the exact range are refused', async (t) => {
  t.throws(() => total([10.5]), RangeError);
  t.throws(() => minorUnits('9007199254740992'), RangeError);
  t.throws(() => minorUnits('12.5'), SyntaxError);
});
