// UTS #39 for the registry's name key: a name that mixes scripts ("Аnna" with a Cyrillic А) is
// keyed by its confusable skeleton, so look-alike letters from another script do not make a new
// person. A name in one script, Latin or any other, is left alone. Pure; no SQL.
import { confusables, scriptCodes } from './confusables.js';

// UTS #39 §5.1: Common and Inherited go with any script; Han, kana, Hangul and Bopomofo are
// augmented so that a Japanese, Korean or Chinese name in its usual mix is one script.
const anyScript = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;
const augmented: Record<string, string[]> = {
  Hani: ['Hanb', 'Jpan', 'Kore'], Hira: ['Jpan'], Kana: ['Jpan'], Hang: ['Kore'], Bopo: ['Hanb'],
};
// A Node older than the table's Unicode version may not know its newest scripts: their letters
// then count as Unknown (Zzzz), a script of their own.
const tests = scriptCodes.filter((code) => code !== 'Zyyy' && code !== 'Zinh').flatMap((code) => {
  try {
    return [[code, new RegExp(`\\p{scx=${code}}`, 'u')] as const];
  } catch {
    return [];
  }
});
// Most names: Latin letters, Common and Inherited only; no script set to compute.
const latinOnly = /^[\p{sc=Latn}\p{scx=Zyyy}\p{scx=Zinh}]*$/u;

/** A character's augmented Script_Extensions; `undefined` for Common and Inherited (any script). */
function scriptsOf(c: string): string[] | undefined {
  if (anyScript.test(c)) return undefined;
  const own = tests.filter(([, re]) => re.test(c)).map(([code]) => code);
  return own.length ? own.flatMap((code) => [code, ...(augmented[code] ?? [])]) : ['Zzzz'];
}

// Characters repeat from name to name: each one's scripts are computed once (up to a bound, so a
// stream of rare characters cannot grow it without end).
const known = new Map<string, string[] | undefined>();
function cachedScriptsOf(c: string): string[] | undefined {
  if (known.has(c)) return known.get(c);
  if (known.size >= 20_000) known.clear();
  const scripts = scriptsOf(c);
  known.set(c, scripts);
  return scripts;
}

/** UTS #39 mixed-script: no script is shared by every character (its resolved script set is empty). */
export function mixesScripts(text: string): boolean {
  if (latinOnly.test(text)) return false;
  let shared: string[] | undefined;
  for (const c of text) {
    const scripts = cachedScriptsOf(c);
    if (!scripts) continue;
    shared = shared ? shared.filter((s) => scripts.includes(s)) : scripts;
    if (shared.length === 0) return true;
  }
  return false;
}

/**
 * Each character replaced by its confusable class's representative (src/resources/confusables.ts):
 * a Latin letter where the class has one, so "аnna" and "anna" become one.
 */
export function lookAlike(text: string): string {
  let out = '';
  for (const c of text) out += confusables.get(c) ?? c;
  return out;
}
