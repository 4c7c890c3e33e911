// The duplicate check's notion of "the same name" (domain.md): two names are one when their keys
// are equal. Names are stored as sent; only the key is normalised. Pure; no SQL.
import { lookAlike, mixesScripts } from './look-alikes.js';

// Default-ignorable code points and every other invisible format character (General Category Cf,
// e.g. U+FFF9 INTERLINEAR ANNOTATION ANCHOR, which is not default-ignorable).
const ignorable = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
const combiningMarks = /\p{M}/gu;

/**
 * One name folded: NFKC (full-width letters, ligatures), case-folded, accents, default-ignorable
 * code points (zero-width characters, soft hyphen, word joiner, BOM, bidi marks, variation
 * selectors) and other format characters removed, runs of white space as one. Upper-casing before
 * lower-casing folds what lower-casing alone keeps apart ("ß" and "SS" both become "ss"); folding
 * comes before the marks are removed because it can itself produce one ("İ" lower-cases to "i" and
 * a combining dot).
 */
export function foldName(name: string): string {
  return name
    .replace(ignorable, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(combiningMarks, '')
    .replace(ignorable, '')
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The form UTS #39 maps from: invisible characters removed, compatibility forms folded, NFD. */
export function decomposeName(name: string): string {
  return name.replace(ignorable, '').normalize('NFKC').normalize('NFD');
}

/**
 * The comparison key of one name: the folded name, or, when it mixes scripts (UTS #39), its
 * confusable skeleton folded ("Аnna" with a Cyrillic А is "anna"). A name in one script keeps its
 * folded form: "Анна" in Cyrillic stays apart from "Anna". The skeleton is taken before case
 * folding, as UTS #39 takes it (a Cyrillic "К" looks like "K", its "к" does not look like "k"),
 * and taken again until it is stable, so that a key keyed again is itself.
 */
export function nameKey(name: string): string {
  const folded = foldName(name);
  if (!mixesScripts(folded)) return folded;
  let key = foldName(lookAlike(decomposeName(name)));
  for (let i = 0, next = ''; i < 3 && (next = foldName(lookAlike(decomposeName(key)))) !== key; i++) key = next;
  return key;
}

/** The keys stored beside a person's names (persons.first_name_key, last_name_key). */
export function nameKeys(person: { first_name: string; last_name: string }): { first_name_key: string; last_name_key: string } {
  return { first_name_key: nameKey(person.first_name), last_name_key: nameKey(person.last_name) };
}
