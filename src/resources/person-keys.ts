// Re-keying the registry when the name key changes (sql/00014 raises the flag). The key is computed
// here, not in SQL, so that one function defines it: the first instance to start after the
// migration re-keys every person in one transaction and lowers the flag.
import type { Sql } from 'postgres';
import { nameKeys } from './person-names.js';

interface PersonName { id: string; first_name: string; last_name: string }

/** Two persons of one federation that the new key makes one identity: reported, never merged. */
export interface MatchingPair { federation_id: string; birth_date: string; persons: [PersonName, PersonName] }

interface Stored extends PersonName { federation_id: string; birth_date: string; first_name_key: string; last_name_key: string }

/** Re-keys every person if sql/ asks for it; answers the pairs that match now and did not before. */
export async function rekeyPersons(sql: Sql): Promise<MatchingPair[]> {
  return sql.begin(async (tx) => {
    const [flag] = await tx`delete from person_rekey returning pending`;
    if (!flag) return [];
    // Approvals wait (they write persons); reads go on.
    await tx`lock table persons in exclusive mode`;
    const rows = await tx<Stored[]>`
      select id, federation_id, to_char(birth_date, 'YYYY-MM-DD') as birth_date, first_name, last_name, first_name_key, last_name_key
      from persons order by id`;
    const changed: [string, string, string][] = [];
    const identities = new Map<string, Stored[]>();
    for (const row of rows) {
      const keys = nameKeys(row);
      if (keys.first_name_key !== row.first_name_key || keys.last_name_key !== row.last_name_key) {
        changed.push([row.id, keys.first_name_key, keys.last_name_key]);
      }
      const identity = JSON.stringify([row.federation_id, row.birth_date, keys.last_name_key, keys.first_name_key]);
      identities.set(identity, [...(identities.get(identity) ?? []), row]);
    }
    for (let i = 0; i < changed.length; i += 1000) {
      await tx`
        update persons p set first_name_key = k.first, last_name_key = k.last
        from (values ${tx(changed.slice(i, i + 1000))}) as k (id, first, last) where p.id = k.id::bigint`;
    }
    const name = (p: Stored): PersonName => ({ id: p.id, first_name: p.first_name, last_name: p.last_name });
    const pairs: MatchingPair[] = [];
    for (const group of identities.values()) {
      for (const [i, a] of group.entries()) {
        for (const b of group.slice(i + 1)) {
          const matchedBefore = a.first_name_key === b.first_name_key && a.last_name_key === b.last_name_key;
          if (!matchedBefore) pairs.push({ federation_id: a.federation_id, birth_date: a.birth_date, persons: [name(a), name(b)] });
        }
      }
    }
    return pairs;
  });
}
