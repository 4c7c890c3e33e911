// The duplicate check's notion of "the same name" (domain.md): two names are one when their keys
// are equal. Names are stored as sent; only the key is normalised. Pure; no SQL.

const ignorable = /\p{Default_Ignorable_Code_Point}/gu;
const combiningMarks = /\p{M}/gu;

/**
 * The comparison key of one name: NFKC (full-width letters, ligatures), case-folded, accents and
 * default-ignorable code points (zero-width characters, soft hyphen, word joiner, BOM, bidi marks,
 * variation selectors) removed, runs of white space as one. Upper-casing before lower-casing folds
 * what lower-casing alone keeps apart ("ß" and "SS" both become "ss"); folding comes before the
 * marks are removed because it can itself produce one ("İ" lower-cases to "i" and a combining dot).
 */
export function nameKey(name: string): string {
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

/** The keys stored beside a person's names (persons.first_name_key, last_name_key). */
export function nameKeys(person: { first_name: string; last_name: string }): { first_name_key: string; last_name_key: string } {
  return { first_name_key: nameKey(person.first_name), last_name_key: nameKey(person.last_name) };
}
