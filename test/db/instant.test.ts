import t from 'tap';
import { createPool } from '../../src/db/pool.js';
import { Instant } from '../../src/db/instant.js';
import { databaseUrl, privateDatabase } from '../support/harness.js';

const sameJson = (ms: number) => JSON.stringify({ at: new Instant(ms) }) === JSON.stringify({ at: new Date(ms) });

t.test('an Instant writes the JSON a Date writes, for any time a Date can hold', async (t) => {
  const edges = [0, -1, 1, 999, -62135596800000, -62135596800001, 253402300799999, 253402300800000, 8.64e15, -8.64e15, NaN];
  for (const ms of edges) t.ok(sameJson(ms), `${ms}: ${JSON.stringify(new Date(ms))}`);
  let differing = 0;
  for (let i = 0; i < 200_000; i++) {
    // Years from about -1000 to 12000, milliseconds of every width.
    if (!sameJson(Math.round((Math.random() * 13_000 - 2_970) * 365.25 * 86_400_000))) differing++;
  }
  t.equal(differing, 0, '200 000 random times');
});

t.test('timestamps the pool reads are Instants, and their JSON is what a Date writes', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const [row] = await sql<[{ at: Date; many: Date[]; never: Date; back: Date }]>`
    select '2026-11-26 07:34:14.1236+00'::timestamptz as at,
           array['0999-01-02 03:04:05.06+00', '2024-02-29 23:59:59.999+00']::timestamptz[] as many,
           'infinity'::timestamptz as never,
           ${new Date('2026-01-01T00:00:00.007Z')}::timestamptz as back`;
  t.ok(row.at instanceof Instant && row.many.every((d) => d instanceof Instant), 'single values and arrays');
  t.equal(JSON.stringify(row.at), '"2026-11-26T07:34:14.123Z"', 'milliseconds truncated, as Date parses them');
  t.equal(JSON.stringify(row.many), JSON.stringify(row.many.map((d) => new Date(d.getTime()))));
  t.equal(JSON.stringify(row.never), JSON.stringify(new Date('infinity')), 'infinity is not a date: null, as before');
  t.equal(row.back.toJSON(), '2026-01-01T00:00:00.007Z', 'a Date parameter round-trips');
});

t.test('dates and timestamps read the same whatever DateStyle and TimeZone the server defaults to', async (t) => {
  const url = await privateDatabase(t, 'datestyle');
  const name = new URL(url).pathname.slice(1);
  const admin = createPool(databaseUrl(), 1);
  await admin.unsafe(`alter database ${name} set datestyle = 'German, DMY'`);
  await admin.unsafe(`alter database ${name} set timezone = 'Europe/Amsterdam'`);
  await admin.end({ timeout: 1 });
  const sql = createPool(url, 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const [row] = await sql<[{ day: string; at: Date; long_ago: Date }]>`
    select '2026-11-26'::date as day, '2026-11-26 07:34:14.1236+00'::timestamptz as at, '1850-01-01 00:00:00+00'::timestamptz as long_ago`;
  t.equal(row.day, '2026-11-26', 'a date as YYYY-MM-DD, not 26.11.2026');
  t.equal(JSON.stringify(row.at), '"2026-11-26T07:34:14.123Z"');
  t.equal(JSON.stringify(row.long_ago), '"1850-01-01T00:00:00.000Z"', 'not the local mean time offset +00:19:32, which Date cannot parse');
});

t.test('timestamps of the years 0001 to 0099 read back in their own year', async (t) => {
  const sql = createPool(databaseUrl(), 1);
  t.teardown(() => sql.end({ timeout: 1 }));
  const texts = ['0001-01-01T00:00:00.000Z', '0049-12-31T23:59:59.999Z', '0056-02-29T12:00:00.000Z', '0099-06-01T00:00:00.000Z', '0100-06-01T00:00:00.000Z'];
  const rows = await sql<{ at: Date }[]>`select unnest(${texts}::timestamptz[]) as at`;
  t.same(rows.map((r) => r.at.toJSON()), texts, 'Date\'s parser alone reads 0056 as 1956');
  const [stored] = await sql<[{ at: Date }]>`select ${rows[2]!.at}::timestamptz as at`;
  t.equal(stored.at.toJSON(), texts[2], 'and writes them back unchanged');
});
