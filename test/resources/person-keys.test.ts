// Re-keying the registry after the name key changed (sql/00014, src/resources/person-keys.ts):
// keys are recomputed, names stay as sent, and persons that now match are reported, never merged.
import t from 'tap';
import { setTimeout as sleep } from 'node:timers/promises';
import { nameKey } from '../../src/resources/person-names.js';
import { rekeyPersons } from '../../src/resources/person-keys.js';
import { createFederation, createPerson } from '../support/factories.js';
import { privateDatabase, startService } from '../support/harness.js';
import { createStalePerson } from '../support/names.js';

// A database of its own: the flag it raises would otherwise be taken by any service another file
// starts meanwhile, and its re-key in batches of two would lock the suite's whole registry.
const service = await startService(t, {}, undefined, { databaseUrl: await privateDatabase(t, 'person_keys') });

t.test('stale keys are recomputed; pairs that now match are listed once; names are untouched', async (t) => {
  const federation = await createFederation(service);
  const elsewhere = await createFederation(service);
  const last = { last_name: 'Visser', last_name_key: 'visser' };
  const zoe = await createPerson(service, federation.id, { first_name: 'Zoë', last_name: 'Visser' });
  // The keys the previous key function gave these names: it kept invisible and full-width letters.
  const joined = await createStalePerson(service, federation.id, { first_name: 'Zo\u200Dë', last_name: last.last_name },
    { first_name_key: 'zo\u200De', last_name_key: last.last_name_key });
  const wide = await createStalePerson(service, federation.id, { first_name: '\uFF3A\uFF4Fë', last_name: last.last_name },
    { first_name_key: '\uFF5A\uFF4Fe', last_name_key: last.last_name_key });
  const otherBirthday = await createStalePerson(service, federation.id, { first_name: 'Zo\u00ADë', last_name: last.last_name },
    { first_name_key: 'zo\u00ade', last_name_key: last.last_name_key }, '2012-01-01');
  const otherFederation = await createStalePerson(service, elsewhere.id, { first_name: 'Zo\u200Bë', last_name: last.last_name },
    { first_name_key: 'zo\u200be', last_name_key: last.last_name_key });
  // Two persons that matched already are not news.
  await createPerson(service, federation.id, { first_name: 'Anna', last_name: 'Visser' });
  await createPerson(service, federation.id, { first_name: 'anna', last_name: 'VISSER' });

  // Two persons a statement: the registry is read in several batches, and a pair whose persons
  // were both re-keyed in different batches is still listed once.
  const pairs = (await rekeyPersons(service.sql, 2)).filter((p) => [federation.id, elsewhere.id].includes(p.federation_id));
  t.same(pairs.map((p) => p.persons.map((person) => person.id)), [[zoe, joined], [zoe, wide], [joined, wide]]);
  t.same(pairs[0]!.persons.map((p) => p.first_name), ['Zoë', 'Zo\u200Dë'], 'the pair shows the names as sent');
  t.ok(pairs.every((p) => p.federation_id === federation.id && p.birth_date === '2011-05-20'));

  const rows = await service.sql<{ id: string; first_name: string; first_name_key: string }[]>`
    select id, first_name, first_name_key from persons where id in ${service.sql([zoe, joined, wide, otherBirthday, otherFederation])} order by id`;
  t.same(rows.map((r) => r.first_name_key), ['zoe', 'zoe', 'zoe', 'zoe', 'zoe'], 'every key recomputed');
  t.same(rows.map((r) => r.first_name), ['Zoë', 'Zo\u200Dë', '\uFF3A\uFF4Fë', 'Zo\u00ADë', 'Zo\u200Bë'], 'names stay as sent');
  t.equal(nameKey(rows[1]!.first_name), rows[1]!.first_name_key);

  t.same(await rekeyPersons(service.sql), [], 'the flag is lowered: a second start re-keys nothing');
});

t.test('an instance that starts while another re-keys goes on at once, and the flag stays for the next', async (t) => {
  const federation = await createFederation(service);
  await createStalePerson(service, federation.id, { first_name: 'Zo\u200Dë', last_name: 'Visser' }, { first_name_key: 'zo\u200de', last_name_key: 'visser' });
  let second: Promise<unknown> | undefined;
  let settled: { pairs: unknown; ms: number } | undefined;
  // Another instance's re-key, holding the flag for a second.
  await service.sql.begin(async (tx) => {
    await tx`select pending from person_rekey for update`;
    const started = performance.now();
    second = rekeyPersons(service.sql).then((pairs) => void (settled = { pairs, ms: performance.now() - started }));
    await Promise.race([second, sleep(1000)]);
  });
  await second;
  t.ok(settled && settled.ms < 1000, `it did not wait for the flag (${settled?.ms.toFixed(0)} ms)`);
  t.same(settled?.pairs, [], 'nothing re-keyed by the second instance');
  t.equal((await service.sql`select count(*)::int as n from person_rekey`)[0]!.n, 1, 'the flag is still raised');
  await rekeyPersons(service.sql);
  t.equal((await service.sql`select count(*)::int as n from person_rekey`)[0]!.n, 0, 'the next start re-keys and lowers it');
});

t.test('look-alikes from other scripts and format characters: re-keyed onto the person they imitate, reported, not merged', async (t) => {
  const federation = await createFederation(service);
  const anna = await createPerson(service, federation.id, { first_name: 'Anna', last_name: 'Visser' });
  // The keys the previous key function gave these names: it kept other scripts' letters and U+FFF9.
  const cyrillic = await createStalePerson(service, federation.id, { first_name: '\u0410nna', last_name: 'Visser' },
    { first_name_key: '\u0430nna', last_name_key: 'visser' });
  const anchor = await createStalePerson(service, federation.id, { first_name: 'An\uFFF9na', last_name: 'Visser' },
    { first_name_key: 'an\ufff9na', last_name_key: 'visser' });
  const russian = await createPerson(service, federation.id, { first_name: '\u0410\u043D\u043D\u0430', last_name: 'Visser' });

  const pairs = (await rekeyPersons(service.sql)).filter((p) => p.federation_id === federation.id);
  t.same(pairs.map((p) => p.persons.map((person) => person.id)), [[anna, cyrillic], [anna, anchor], [cyrillic, anchor]]);
  const rows = await service.sql<{ id: string; first_name: string; first_name_key: string }[]>`
    select id, first_name, first_name_key from persons where federation_id = ${federation.id} order by id`;
  t.same(rows.map((r) => [r.id, r.first_name, r.first_name_key]), [
    [anna, 'Anna', 'anna'], [cyrillic, '\u0410nna', 'anna'], [anchor, 'An\uFFF9na', 'anna'], [russian, '\u0410\u043D\u043D\u0430', '\u0430\u043D\u043D\u0430'],
  ], 'four persons still, names as sent; the Russian name keeps its own key');
});
