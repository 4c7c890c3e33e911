// Errors Postgres really raises, through the one mapper: whatever input still reaches the database
// and is refused there is a 4xx; what a retry can get past is 503 with Retry-After; a bug stays 500.
import t from 'tap';
import postgres from 'postgres';
import { fromDatabaseError, isUnreachable, meansDatabaseDown } from '../../src/db/errors.js';
import { freePort } from '../support/cluster.js';
import { createClub, createMember } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { setTimeout as sleep } from 'node:timers/promises';

const service = await startService(t);
const { sql } = service;
const club = await createClub(service);
const memberId = await createMember(service, club);

/** The error `work` fails with, mapped: status, code and whether a retry is invited. */
async function mapped(work: () => Promise<unknown>): Promise<string> {
  const error = await work().then(() => undefined, (e: unknown) => e);
  const known = fromDatabaseError(error);
  if (!known) return `unmapped ${(error as { code?: string }).code}`;
  return `${known.status} ${known.code}${known.extras.headers?.['retry-after'] ? ' retry' : ''}`;
}

t.test('data exceptions and input-made constraint failures are 4xx', async (t) => {
  const inTx = (statements: string) => () => sql.begin((tx) => tx.unsafe(statements));
  const cases: [string, () => Promise<unknown>, string][] = [
    ['22021 NUL in text', () => sql`select ${'a\u0000b'}::text`, '400 invalid_request'],
    ['22008 year 0', () => sql`select '0000-01-01'::date`, '400 invalid_request'],
    ['22P05 NUL in jsonb', () => sql`select '{"a":"\\u0000"}'::jsonb`, '400 invalid_request'],
    ['22003 out of range', () => sql`select 2147483648::int4`, '400 invalid_request'],
    ['22P02 not a number', () => sql`select 'x'::bigint`, '400 invalid_request'],
    ['23503 missing reference', inTx('create temp table p (id int primary key); create temp table c (p int references p); insert into c values (1)'), '409 conflict'],
    ['23P01 overlap', inTx('create temp table r (s int4range, exclude using gist (s with &&)); insert into r values (\'[1,5)\'), (\'[2,3)\')'), '409 conflict'],
    ['23514 check', inTx('create temp table k (n int check (n > 0)); insert into k values (0)'), '422 validation_failed'],
    ['23502 not null', inTx('create temp table n (v int not null); insert into n values (null)'), '422 validation_failed'],
  ];
  for (const [label, work, expected] of cases) t.equal(await mapped(work), expected, label);
});

t.test('what a retry can get past is 503 with Retry-After', async (t) => {
  const holder = sql.begin(async (tx) => {
    await tx`select 1 from members where id = ${memberId} for update`;
    await sleep(300);
  });
  await sleep(50);
  t.equal(await mapped(() => sql.begin(async (tx) => {
    await tx`set local lock_timeout = '10ms'`;
    await tx`select 1 from members where id = ${memberId} for update`;
  })), '503 service_unavailable retry', '55P03 lock timeout');
  await holder;
  t.equal(await mapped(() => sql.begin(async (tx) => {
    await tx`set local statement_timeout = '10ms'`;
    await tx`select pg_sleep(1)`;
  })), '503 service_unavailable retry', '57014 statement timeout');
  const nowhere = postgres(`postgres://x:y@127.0.0.1:${await freePort()}/db`, { max: 1, connect_timeout: 1, onnotice: () => {} });
  const refused = await nowhere`select 1`.catch((e: unknown) => e);
  await nowhere.end();
  t.ok(isUnreachable(refused), 'a refused connection is the database unreachable');
  t.equal(await mapped(() => Promise.reject(refused)), '503 service_unavailable retry');
  // What a Citus coordinator answers when the worker of the statement's shard is down (08006).
  const behind = await sql`do $$ begin raise exception 'connection to the remote node failed' using errcode = '08006'; end $$`.catch((e: unknown) => e);
  t.notOk(isUnreachable(behind), 'a connection error the server answered with is not the database unreachable');
  t.notOk(meansDatabaseDown(behind), 'nor the database down');
  t.equal(await mapped(() => Promise.reject(behind)), '503 service_unavailable retry');
  // A Citus worker's lock timeout passed on from a COPY into a shard, with no SQLSTATE of its own.
  t.equal(await mapped(() => sql`do $$ begin raise exception 'canceling statement due to lock timeout' using errcode = 'XX000'; end $$`),
    '503 service_unavailable retry', 'XX000 with the lock timeout\'s message');
});

t.test('a bug (a statement that cannot work) stays unmapped: a 500', async (t) => {
  t.equal(await mapped(() => sql`select from no_such_table`), 'unmapped 42P01');
  t.equal(await mapped(() => sql`do $$ begin raise exception 'could not find valid entry for shard 102008' using errcode = 'XX000'; end $$`),
    'unmapped XX000', 'any other internal error');
  t.notOk(isUnreachable(Object.assign(new Error('x'), { code: '23505' })));
});
