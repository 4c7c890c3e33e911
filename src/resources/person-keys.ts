// Re-keying the registry when the name key changes (sql/00014 raises the flag). The key is computed
// here, not in SQL, so that one function defines it: the first instance to start after the
// migration re-keys every person in one transaction and lowers the flag.
import type { Sql } from 'postgres';
import { transaction } from '../db/transaction.js';
import { nameKeys } from './person-names.js';

interface PersonName { id: string; first_name: string; last_name: string }

/** Two persons of one federation that the new key makes one identity: reported, never merged. */
export interface MatchingPair { federation_id: string; birth_date: string; persons: [PersonName, PersonName] }

interface Stored extends PersonName { federation_id: string; birth_date: string; first_name_key: string; last_name_key: string }

const keysOf = (p: { first_name_key: string; last_name_key: string }) => ({ first_name_key: p.first_name_key, last_name_key: p.last_name_key });
const identityOf = (p: Stored) => JSON.stringify([p.federation_id, p.birth_date, p.last_name_key, p.first_name_key]);
const name = (p: Stored): PersonName => ({ id: p.id, first_name: p.first_name, last_name: p.last_name });

/**
 * Re-keys every person if sql/ asks for it; answers the pairs that match now and did not before.
 * The registry is read a batch at a time by id, so a national one (200 000 persons) costs the
 * starting instance a batch's memory, not the whole registry's: `batch` persons read, or
 * re-keyed persons looked up, per statement.
 */
export async function rekeyPersons(sql: Sql, batch = 5_000): Promise<MatchingPair[]> {
  return transaction(sql, async (tx) => {
    // An instance that starts while another re-keys goes on serving: it skips the flag the other
    // holds instead of queueing behind it (and failing its start at the lock timeout).
    const [flag] = await tx`
      delete from person_rekey where pending in (select pending from person_rekey for update skip locked) returning pending`;
    if (!flag) return [];
    // Approvals wait (they write persons); reads go on.
    await tx`lock table persons in exclusive mode`;
    /** The keys a re-keyed person had before. */
    const before = new Map<string, { first_name_key: string; last_name_key: string }>();
    const pairs: MatchingPair[] = [];
    const listed = new Set<string>();
    // A federation at a time: each statement names one federation, so that on Citus it goes to one shard.
    const federations = await tx<{ id: string }[]>`select id from workspaces where kind = 'federation' order by id`;
    for (const { id: federationId } of federations) {
      const rekeyed: string[] = [];
      for (let after = '0'; ;) {
        const rows = await tx<Omit<Stored, 'federation_id' | 'birth_date'>[]>`
          select id, first_name, last_name, first_name_key, last_name_key from persons
          where federation_id = ${federationId} and id > ${after} order by id limit ${batch}`;
        if (rows.length === 0) break;
        after = rows.at(-1)!.id;
        const changed: [string, string, string][] = [];
        for (const row of rows) {
          const keys = nameKeys(row);
          if (keys.first_name_key === row.first_name_key && keys.last_name_key === row.last_name_key) continue;
          changed.push([row.id, keys.first_name_key, keys.last_name_key]);
          before.set(row.id, keysOf(row));
          rekeyed.push(row.id);
        }
        if (changed.length) {
          await tx`
            update persons p set first_name_key = k.first, last_name_key = k.last
            from (values ${tx(changed)}) as k (id, first, last) where p.federation_id = ${federationId} and p.id = k.id::bigint`;
        }
      }
      // Two persons whose keys did not change matched before exactly when they match now: a new
      // pair holds a re-keyed person, so only the identities of re-keyed persons are read again.
      for (let i = 0; i < rekeyed.length; i += batch) {
        const rows = await tx<Stored[]>`
          select id, federation_id, to_char(birth_date, 'YYYY-MM-DD') as birth_date, first_name, last_name, first_name_key, last_name_key
          from persons where federation_id = ${federationId} and (birth_date, last_name_key, first_name_key) in (
            select birth_date, last_name_key, first_name_key from persons
            where federation_id = ${federationId} and id = any(${rekeyed.slice(i, i + batch)}::bigint[]))
          order by id`;
        const identities = new Map<string, Stored[]>();
        for (const row of rows) {
          const identity = identityOf(row);
          const group = identities.get(identity);
          if (group) group.push(row);
          else identities.set(identity, [row]);
        }
        for (const group of identities.values()) {
          for (const [j, a] of group.entries()) {
            for (const b of group.slice(j + 1)) {
              const [aWas, bWas] = [before.get(a.id) ?? keysOf(a), before.get(b.id) ?? keysOf(b)];
              const pair = `${a.id} ${b.id}`;
              if (listed.has(pair) || (aWas.first_name_key === bWas.first_name_key && aWas.last_name_key === bWas.last_name_key)) continue;
              listed.add(pair);
              pairs.push({ federation_id: a.federation_id, birth_date: a.birth_date, persons: [name(a), name(b)] });
            }
          }
        }
      }
    }
    return pairs;
  });
}
