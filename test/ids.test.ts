// The id pattern is what the reference shows a client generator: it must admit exactly the
// decimal strings Postgres's bigint identities can hold, 1 to 2^63 - 1.
import t from 'tap';
import { idPattern, isId, upTo } from '../src/ids.js';

const max = 9223372036854775807n;
const fits = (s: string) => /^[1-9][0-9]*$/.test(s) && BigInt(s) <= max;

t.test('the bounds', async (t) => {
  for (const s of ['1', '9', '10', '999999999999999999', '1000000000000000000', '9223372036854775806', '9223372036854775807']) t.ok(isId(s), s);
  for (const s of ['0', '01', '-1', '1.0', '9223372036854775808', '9223372036854775810', '9999999999999999999', '10000000000000000000', '']) t.notOk(isId(s), s);
});

t.test('agrees with BigInt on every length and near the bound', async (t) => {
  let checked = 0;
  for (let n = 0; n < 20000; n++) {
    const length = 1 + (n % 20);
    let s = String(1 + (n % 9));
    while (s.length < length) s += String(Math.floor(Math.random() * 10));
    // Half the 19-digit ones share a prefix with the bound, so each branch of the pattern is taken.
    if (length === 19 && n % 2 === 0) s = max.toString().slice(0, n % 19) + s.slice(n % 19);
    if (idPattern.test(s) !== fits(s)) t.fail(s);
    checked++;
  }
  t.equal(checked, 20000);
});

t.test('upTo builds the same kind of pattern for any bound', async (t) => {
  const re = new RegExp(upTo('305'));
  for (let i = 0; i < 1000; i++) t.equal(re.test(String(i)), i >= 1 && i <= 305, String(i));
});
