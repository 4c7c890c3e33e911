// Issue 37: a request's work is bounded by the limits, not by its body. Every array of every
// request schema states its maxItems; a body just under the 1 MiB limit made of one array's
// smallest items is refused at once (422), without holding the event loop for other tenants or
// growing the service's memory; an error answer lists at most 50 errors within 64 KiB. The
// operations come from the router table, so a new array operation is covered by itself.
import t from 'tap';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { crowdedPath, maxBodyValues } from '../../src/http/crowded.js';
import { toJsonSchema, type JsonSchema } from '../../src/openapi/json-schema.js';
import { operations } from '../../src/operations/index.js';
import { signRequest } from '../../src/signing/client.js';
import { createClub, createFederation } from '../support/factories.js';
import { startService } from '../support/harness.js';

const maxBodyBytes = 1024 * 1024;
const maxProblemBytes = 64 * 1024;

interface ArrayAt { keys: string[]; schema: JsonSchema }

/** Every array of a JSON Schema, with the member names leading to it (arrays in arrays are the items'). */
function arraysOf(schema: JsonSchema, keys: string[] = []): ArrayAt[] {
  const found: ArrayAt[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('array')) found.push({ keys, schema });
  for (const [name, member] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) found.push(...arraysOf(member, [...keys, name]));
  for (const option of [...((schema.anyOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])]) found.push(...arraysOf(option, keys));
  if (schema.items && typeof schema.items === 'object') found.push(...arraysOf(schema.items as JsonSchema, [...keys, '0']));
  return found;
}

/** The most values (members and items) a body the schema accepts can hold. */
function mostValues(schema: JsonSchema): number {
  const members = Object.values((schema.properties ?? {}) as Record<string, JsonSchema>).reduce((n, m) => n + 1 + mostValues(m), 0);
  const options = [...((schema.anyOf ?? []) as JsonSchema[]), ...((schema.oneOf ?? []) as JsonSchema[])].map(mostValues);
  const items = schema.items && typeof schema.items === 'object' ? Number(schema.maxItems) * (1 + mostValues(schema.items as JsonSchema)) : 0;
  return Math.max(members, items, ...options);
}

/** The shortest JSON text of an item of this schema. */
function smallest(item: JsonSchema): string {
  const type = Array.isArray(item.type) ? item.type[0] : item.type;
  return ({ object: '{}', array: '[]', string: '""', integer: '0', number: '0', boolean: '0', null: 'null' } as Record<string, string>)[type as string] ?? '0';
}

/** A body just under the limit: the array at `keys` filled with its smallest items. */
function hugeBody(at: ArrayAt): { text: string; items: number } {
  const prefix = at.keys.map((k) => `{${JSON.stringify(k)}:`).join('') + '[';
  const suffix = ']' + '}'.repeat(at.keys.length);
  const item = smallest(at.schema.items as JsonSchema);
  const items = Math.floor((maxBodyBytes - prefix.length - suffix.length + 1) / (item.length + 1));
  return { text: prefix + item + `,${item}`.repeat(items - 1) + suffix, items };
}

const bodies = operations.filter((op) => op.body).map((op) => ({ op, schema: toJsonSchema(op.body!) }));
const withArrays = bodies.map((b) => ({ ...b, arrays: arraysOf(b.schema).filter((a) => !a.keys.includes('0')) })).filter((b) => b.arrays.length > 0);

t.test('every array of every request body states its maxItems, and the largest valid body fits the value budget', async (t) => {
  t.ok(withArrays.length >= 5, `${withArrays.length} operations take an array: ${withArrays.map((b) => b.op.id).join(', ')}`);
  for (const { op, schema } of bodies) {
    for (const at of arraysOf(schema)) t.type(at.schema.maxItems, 'number', `${op.id} /${at.keys.join('/')}: maxItems ${at.schema.maxItems}`);
    t.ok(mostValues(schema) <= maxBodyValues, `${op.id}: at most ${mostValues(schema)} values, within ${maxBodyValues}`);
  }
});

t.test('the value count reads bytes up to the budget, skips strings and names the most crowded container', async (t) => {
  const count = (text: string, budget: number) => crowdedPath(Buffer.from(text), budget);
  t.equal(count('{"a":[1,2,3],"b":{"c":4}}', 6), undefined, '6 values (a, b, three items, c) within a budget of 6');
  t.same(count('{"a":[1,2,3],"b":{"c":4}}', 5), [], 'over it: the body itself holds the most');
  t.same(count('{"a":{"b\\"":"x,y,[z]","list":[1,2,3,4,5]}}', 6), ['a', 'list'], 'commas and brackets in strings are not values; escapes are read');
  t.same(count(`{"lines":[${'{},'.repeat(10_000)}{}]}`, 100), ['lines']);
  t.equal(count('{"a":[],"b":{},"c":""}', 3), undefined, 'empty containers hold nothing');
  t.throws(() => count(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`, 1000), /nested deeper than 32/);
});

const service = await startService(t);
const federation = await createFederation(service);
const club = await createClub(service, federation);
const bystander = await createFederation(service);
const caller = { club, federation } as const;

const pathOf = (path: string) => path.replace(/\{\w+\}/g, '1');

// Warm: the pool's connections are opened (postgres.js authenticates each with a synchronous
// PBKDF2), the code paths compiled and the heap grown to its working size before anything is measured.
await Promise.all(Array.from({ length: 8 }, () => bystander.call('GET', '/v1/me')));
for (let i = 0; i < 3; i++) await club.call('POST', '/v1/club/members', `{"guardians":[{}${',{}'.repeat(340_000)}]}`);

for (const { op, arrays } of withArrays) {
  for (const at of arrays) {
    const where = `/${at.keys.join('/')}`;
    t.test(`${op.id} ${where}: 1 MiB of the smallest items is 422 at once; another tenant's /me is answered meanwhile`, async (t) => {
      const { text, items } = hugeBody(at);
      t.ok(text.length <= maxBodyBytes && text.length > maxBodyBytes - 16, `${text.length} bytes, ${items} items`);
      const tenant = caller[op.kind === 'federation' ? 'federation' : 'club'];
      // Signed and encoded before the measure starts: the delay measured is the service's. On a
      // shared machine a preempted process shows a delay the service did not cause, so the best of
      // up to five tries (the first warms the code paths) is held to the bound.
      const url = new URL(pathOf(op.path), service.url);
      const body = Buffer.from(text);
      const tries: { res: { status: number; body: any }; me: number; maxMs: number; rssGrowth: number }[] = [];
      while (tries.length < 5 && !tries.some((x) => x.maxMs <= 20)) {
        const headers = signRequest({ method: op.method, url, headers: { 'content-type': 'application/json' }, body: text, key: tenant.key });
        const delay = monitorEventLoopDelay({ resolution: 5 });
        const rssBefore = process.memoryUsage.rss();
        delay.enable();
        const [sent, me] = await Promise.all([fetch(url, { method: op.method, headers, body }), bystander.call('GET', '/v1/me')]);
        const res = { status: sent.status, body: await sent.json() };
        delay.disable();
        tries.push({ res, me: me.status, maxMs: delay.max / 1e6, rssGrowth: process.memoryUsage.rss() - rssBefore });
      }
      const { res, me, maxMs, rssGrowth } = tries.reduce((best, x) => (x.maxMs < best.maxMs ? x : best));
      t.equal(res.status, 422, 'a clear 4xx: validation_failed');
      t.equal(res.body.code, 'validation_failed');
      t.same(res.body.errors, [{ path: where, message: `must have at most ${at.schema.maxItems} ${res.body.errors[0].message.split(' ').at(-1)}` }],
        'one error, naming the array and its maxItems');
      t.equal(me, 200, 'the other tenant\'s /me is answered');
      t.ok(maxMs <= 20, `event-loop delay at most 20 ms (max ${maxMs.toFixed(1)} ms; tries: ${tries.map((x) => x.maxMs.toFixed(1)).join(', ')})`);
      t.ok(rssGrowth <= 50 * 1024 * 1024, `RSS grew by at most 50 MB (${(rssGrowth / 1024 / 1024).toFixed(1)} MB)`);
    });
  }
}

t.test('an array one item too long is one error, its items never judged', async (t) => {
  for (const { op, arrays } of withArrays) {
    for (const at of arrays) {
      const body = at.keys.reduceRight<unknown>((inner, k) => ({ [k]: inner }), Array(Number(at.schema.maxItems) + 1).fill('not an item'));
      const res = await caller[op.kind === 'federation' ? 'federation' : 'club'].call(op.method, pathOf(op.path), body);
      t.equal(res.status, 422, op.id);
      t.same(res.body.errors.filter((e: { path: string }) => e.path.startsWith(`/${at.keys.join('/')}`)).length, 1, `${op.id}: one error for the array`);
    }
  }
});

t.test('at most 50 errors, the rest counted in errors_omitted', async (t) => {
  const lines = Array(50).fill({ description: '', amount: 0 });
  const res = await club.call('POST', '/v1/club/invoices', { member_id: 'x', lines, currency: 'eur' });
  t.equal(res.status, 422);
  t.equal(res.body.errors.length, 50);
  t.same(res.body.errors[0], { path: '/member_id', message: res.body.errors[0].message }, 'in the order the input was read');
  t.ok(res.body.errors_omitted >= 50, `${res.body.errors_omitted} more counted`);
  const unnamed = Number(/ and (\d+) more$/.exec(res.body.detail)?.[1]);
  t.ok(unnamed >= res.body.errors_omitted, `the detail names the first fields and counts the other ${unnamed}`);
});

t.test('an error that quotes a huge member name stays within 64 KiB', async (t) => {
  const name = 'x'.repeat(900 * 1024);
  for (const text of [`{${JSON.stringify(name)}:1}`, `{"first_name":${JSON.stringify(name)}}`,
    `{"first_name":"Ada",${JSON.stringify(name.slice(0, 400_000))}:1,${JSON.stringify(name.slice(0, 400_000))}:2}`]) {
    const res = await club.call('POST', '/v1/club/members', text);
    t.ok(res.status === 400 || res.status === 422, `answered ${res.status} ${res.body.code}: ${res.body.detail.slice(0, 60)}`);
    const size = Buffer.byteLength(JSON.stringify(res.body));
    t.ok(size <= maxProblemBytes, `${size} bytes`);
  }
});
