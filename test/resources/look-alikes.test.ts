// UTS #39 in the registry's name key: which names mix scripts, and the generated confusables table
// (src/resources/confusables.ts, from Unicode's confusables.txt) that gives a mixed name's skeleton.
import t from 'tap';
import { confusables, scriptCodes, unicodeVersion } from '../../src/resources/confusables.js';
import { lookAlike, mixesScripts } from '../../src/resources/look-alikes.js';
import { decomposeName, foldName } from '../../src/resources/person-names.js';

t.test('mixed-script: no one script shared by every letter (UTS #39 resolved script set)', async (t) => {
  for (const name of ['anna', 'zoe muller-ludenscheidt', "o'brien", 'анна', 'αννα', 'ꓮꓠ', '山田太郎', 'やまだ 太郎', '김민준', '金 민준', 'ivan 1990']) {
    t.notOk(mixesScripts(name), `${name}: one script`);
  }
  for (const name of ['\u0430nna', 'ann\u0430', '\u03b1nna', '\ua4eenna', 'anna анна', 'やまだ taro', 'ivan\u0406', 'キム 민준']) {
    t.ok(mixesScripts(name), `${JSON.stringify(name)}: mixed`);
  }
  t.notOk(mixesScripts('\u0301\u0301-- '), 'Common and Inherited characters alone go with any script');
});

t.test('the table: Unicode 17.0.0, Latin letters kept, every result stable', async (t) => {
  t.equal(unicodeVersion, '17.0.0');
  t.ok(confusables.size > 2000, `${confusables.size} characters`);
  for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ') t.notOk(confusables.has(c), `${c} stays itself`);
  const samples: [string, string][] = [['\u0430', 'a'], ['\u0410', 'a'], ['\u03b1', 'a'], ['\u0391', 'a'], ['\ua4ee', 'a'], ['\u13aa', 'a'],
    ['\u043e', 'o'], ['\u03bf', 'o'], ['\u0440', 'p'], ['\u0441', 'c'], ['\u0445', 'x'], ['\u0456', 'i'], ['\u0406', 'i'], ['\u041a', 'k'], ['1', 'l']];
  for (const [from, to] of samples) t.equal(confusables.get(from), to, `U+${from.codePointAt(0)!.toString(16)} → ${to}`);
  let unstable = 0;
  for (const [from, to] of confusables) {
    if (decomposeName(from) !== from || foldName(to) !== to || [...decomposeName(to)].some((c) => confusables.has(c))) unstable++;
  }
  t.equal(unstable, 0, 'every source can occur in a decomposed name; every result is folded and maps to itself');
  t.ok(scriptCodes.includes('Latn') && scriptCodes.includes('Cyrl') && scriptCodes.length > 150, `${scriptCodes.length} scripts`);
  t.same(scriptCodes.filter((code) => { try { new RegExp(`\\p{scx=${code}}`, 'u'); return false; } catch { return true; } }), [], 'this Node knows every script');
});

t.test('lookAlike maps character by character and leaves the rest', async (t) => {
  t.equal(lookAlike('\u0410nn\u0430'), 'anna');
  t.equal(lookAlike('\u0436'), '\u0436', 'a letter with no look-alike stays');
});
