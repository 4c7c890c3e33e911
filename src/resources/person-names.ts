// The duplicate check's notion of "the same name": case and accents do not count, so
// "Zoë Müller-Lüdenscheidt" and "zoe muller-ludenscheidt" are one person. Pure; no SQL.

const combiningMarks = /\p{M}/gu;

/**
 * The comparison key of one name: case-folded, Unicode NFD, combining marks removed, inner
 * whitespace collapsed. Upper-casing before lower-casing folds what lower-casing alone keeps
 * apart ("ß" and "SS" both become "ss"); folding comes first because it can itself produce
 * combining marks ("İ" lower-cases to "i" and a combining dot).
 */
export function nameKey(name: string): string {
  return name
    .toUpperCase()
    .toLowerCase()
    .normalize('NFD')
    .replace(combiningMarks, '')
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The keys stored beside a person's names (persons.first_name_key, last_name_key). */
export function nameKeys(person: { first_name: string; last_name: string }): { first_name_key: string; last_name_key: string } {
  return { first_name_key: nameKey(person.first_name), last_name_key: nameKey(person.last_name) };
}
