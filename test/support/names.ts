// Names a hostile club types to slip past the duplicate check.
import type { Service } from './harness.js';

/** The attack's eight disguises of "Zoë": each made a second registry person before the key ignored them. */
export const zoeDisguises = [
  'Zo\u200Bë', 'Zo\u200Cë', 'Zo\u200Dë', 'Zo\u00ADë', 'Zo\u2060ë', 'Zo\u200Fë', 'Zo\uFEFFë', '\uFF3A\uFF4Fë',
] as const;

/**
 * The attack's look-alikes of "Anna": letters of another script in a Latin name, and an invisible
 * format character that is not default-ignorable. Each made a second registry person before the
 * key took a mixed-script name's skeleton.
 */
export const annaLookAlikes = ['\u0410nna', 'Ann\u0430', '\u0391nna', '\uA4EEnna', 'An\uFFF9na'] as const;

/** "Anna" in one other script each: other names, as before. */
export const annaInOtherScripts = ['\u0410\u043D\u043D\u0430', '\u0391\u03BD\u03BD\u03B1'] as const;

/**
 * A registry person whose stored keys are `keys`, as a key older than today's computed them, and
 * the flag of sql/00014 raised again so that the next re-key sees the person.
 */
export async function createStalePerson(service: Service, federationId: string, name: { first_name: string; last_name: string },
  keys: { first_name_key: string; last_name_key: string }, birthDate = '2011-05-20'): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender)
    values (${federationId}, ${name.first_name}, ${name.last_name}, ${keys.first_name_key}, ${keys.last_name_key}, ${birthDate}, 'female')
    returning id`;
  await service.sql`insert into person_rekey values (true) on conflict do nothing`;
  return row!.id;
}
