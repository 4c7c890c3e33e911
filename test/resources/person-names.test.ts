// The duplicate check's name key, as properties over random names: case, accents, compatibility
// forms and invisible characters never count, the letters always do.
import t from 'tap';
import { nameKey, nameKeys } from '../../src/resources/person-names.js';
import { zoeDisguises } from '../support/names.js';
import { seeded } from '../support/random.js';

const letters = 'abcdefghijklmnopqrstuvwxyz';
const marks = ['\u0300', '\u0301', '\u0302', '\u0303', '\u0308', '\u030a', '\u0327', '\u030c'];
const rnd = seeded(20260805);
const pick = <T>(list: ArrayLike<T>): T => list[Math.floor(rnd() * list.length)]!;

/** A plain lower-case name of one to three words with hyphens and apostrophes. */
function plainName(): string {
  const words = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () =>
    Array.from({ length: 1 + Math.floor(rnd() * 9) }, () => pick(letters)).join(''));
  return words.join(pick([' ', '-', "'"]));
}

/** The same name as a person might type it: random case, accents on some letters, composed or not. */
function disguise(name: string): string {
  const decorated = [...name].map((c) => {
    const cased = rnd() < 0.5 ? c.toUpperCase() : c;
    return /[a-z]/i.test(c) && rnd() < 0.4 ? cased + pick(marks) : cased;
  }).join('');
  return rnd() < 0.5 ? decorated.normalize('NFC') : decorated;
}

t.test('the issue\'s example: one person', async (t) => {
  t.equal(nameKey('Zoë Müller-Lüdenscheidt'), nameKey('zoe muller-ludenscheidt'));
  t.equal(nameKey('Zoë'), 'zoe');
  t.same(nameKeys({ first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt' }), { first_name_key: 'zoe', last_name_key: 'muller-ludenscheidt' });
});

t.test('composed and decomposed spellings, and full case folding', async (t) => {
  t.equal(nameKey('Zoe\u0308'), nameKey('Zo\u00eb'), 'NFD and NFC of the same letter');
  t.equal(nameKey('Straße'), nameKey('STRASSE'), 'ß folds to ss');
  t.equal(nameKey('İlkay'), 'ilkay', 'a mark produced by case folding is removed too');
  t.equal(nameKey('  Anna   Maria '), 'anna maria', 'outer space trimmed, inner space collapsed');
});

t.test('the eight invisible and compatibility disguises of a name have its key', async (t) => {
  t.equal(new Set(zoeDisguises).size, 8);
  for (const name of zoeDisguises) t.equal(nameKey(name), 'zoe', JSON.stringify(name));
});

t.test('compatibility forms and white space', async (t) => {
  t.equal(nameKey('\uFB01lippa'), 'filippa', 'the ﬁ ligature is f and i');
  t.equal(nameKey('Anna\u00A0\t\u2003Maria'), 'anna maria', 'NBSP, tab and em space are one space');
  t.equal(nameKey('\u200B Anna \uFE0F'), 'anna', 'ignorables around a name');
});

t.test('different letters stay different', async (t) => {
  t.not(nameKey('Muller'), nameKey('Mueller'));
  t.not(nameKey('Anna'), nameKey('Anne'));
  t.not(nameKey('Jan-Willem'), nameKey('Jan Willem'));
});

t.test('property: any disguise of a name has the name\'s key', async (t) => {
  for (let i = 0; i < 2000; i++) {
    const name = plainName();
    const typed = disguise(name);
    if (nameKey(typed) !== name) t.fail(`${JSON.stringify(typed)} → ${JSON.stringify(nameKey(typed))}, expected ${JSON.stringify(name)}`);
  }
  t.pass('2000 disguised names');
});

t.test('property: keys are idempotent, carry no marks and no upper case', async (t) => {
  for (let i = 0; i < 2000; i++) {
    const key = nameKey(disguise(plainName()));
    if (nameKey(key) !== key || /\p{M}/u.test(key.normalize('NFD')) || key !== key.toLowerCase()) t.fail(JSON.stringify(key));
  }
  t.pass('2000 keys');
});

t.test('property: two plain names share a key only when they are the same name', async (t) => {
  for (let i = 0; i < 2000; i++) {
    const [a, b] = [plainName(), plainName()];
    if ((nameKey(disguise(a)) === nameKey(disguise(b))) !== (a === b)) t.fail(`${a} / ${b}`);
  }
  t.pass('2000 pairs');
});

const ignorables = ['\u00AD', '\u034F', '\u061C', '\u180E', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E',
  '\u2060', '\u2066', '\u3164', '\uFE00', '\uFE0F', '\uFEFF', '\u{E0001}', '\u{E0100}'];

/** The name with ignorable code points inserted at random places. */
function sprinkle(name: string): string {
  return [...name].map((c) => (rnd() < 0.3 ? c + pick(ignorables) : c)).join('');
}

t.test('property: the key is stable under NFC, NFD, NFKC, case and inserted ignorables', async (t) => {
  t.ok(ignorables.every((c) => /\p{Default_Ignorable_Code_Point}/u.test(c)), 'every inserted character is default-ignorable');
  const forms: [string, (s: string) => string][] = [
    ['NFC', (s) => s.normalize('NFC')], ['NFD', (s) => s.normalize('NFD')], ['NFKC', (s) => s.normalize('NFKC')],
    ['NFKD', (s) => s.normalize('NFKD')], ['upper case', (s) => s.toUpperCase()], ['lower case', (s) => s.toLowerCase()],
    ['ignorables', sprinkle], ['full width', (s) => s.replace(/[a-z]/gi, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xFEE0))],
  ];
  let checked = 0;
  for (let i = 0; i < 2000; i++) {
    const name = disguise(plainName());
    const key = nameKey(name);
    for (const [label, form] of forms) {
      const variant = form(name);
      checked++;
      if (nameKey(variant) !== key) t.fail(`${label}: ${JSON.stringify(variant)} → ${JSON.stringify(nameKey(variant))}, expected ${JSON.stringify(key)}`);
    }
  }
  t.equal(checked, 2000 * forms.length);
});
