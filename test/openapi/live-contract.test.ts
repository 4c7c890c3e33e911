// The reference against the live service, driven by the reference: for every operation the
// request made of its example (test/support/scenarios.ts) and the invalid variants the documented
// schemas give (test/support/variants.ts), a path id that is malformed, too large or another
// workspace's; each answer's status, headers and body validated with a JSON Schema 2020-12
// validator against what the reference documents for that status; every Location followed.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { request, startService, type Response } from '../support/harness.js';
import { referenceCheck } from '../support/reference-check.js';
import { successScenario, type Scenario } from '../support/scenarios.js';
import { bodyVariants, queryVariants } from '../support/variants.js';

const service = await startService(t);
const doc = generateOpenApi(operations, '0.0.0') as Record<string, any>;
const reference = referenceCheck(doc);
const counts = { requests: 0, variants: 0, locations: 0 };

async function send(s: Scenario, op: Operation, options: { path?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  counts.requests++;
  return request(service.url, op.method, options.path ?? s.path, { key: s.as.key, body: 'body' in options ? options.body : s.body, headers: options.headers });
}

const ids = (path: string) => path.split('?')[0]!;

t.test('every operation is driven', async (t) => {
  t.equal(operations.length, 95);
});

for (const op of operations) {
  t.test(op.id, async (t) => {
    const scenario = await successScenario(service, op);
    const check = (res: Response, what: string, replayed = false) => t.same(reference.mismatches(op.path, op.method, res, replayed), [], `${what}: ${res.status} ${res.body?.code ?? ''} as documented`);
    const documented = reference.operation(op.path, op.method);

    // Refusals first, while the scenario's rows are as made: none of them may change anything.
    const variants = [
      ...(documented.requestBody ? bodyVariants(documented.requestBody.content['application/json'].schema, (scenario.body ?? {}) as Record<string, unknown>, reference.resolve) : []),
      ...queryVariants((documented.parameters ?? []).map(reference.resolve)),
    ];
    for (const variant of variants) {
      counts.variants++;
      const path = variant.query ? `${ids(scenario.path)}?${variant.query}` : scenario.path;
      const res = await send(scenario, op, { path, ...(variant.body !== undefined ? { body: variant.body } : {}) });
      t.equal(res.status, variant.status, `${variant.name}: ${res.status} ${JSON.stringify(res.body)}`);
      check(res, variant.name);
    }
    if (op.path.includes('{')) {
      const foreign = await successScenario(service, op);
      for (const [name, path] of [
        ['a malformed id', op.path.replace(/\{[a-z_]+\}/g, 'x1')],
        ['an id above 2^63 - 1', op.path.replace(/\{[a-z_]+\}/g, '9223372036854775808')],
        ['another workspace\'s ids', foreign.path],
      ] as const) {
        counts.variants++;
        const res = await send(scenario, op, { path });
        t.equal(res.status, 404, `${name}: ${res.status} ${JSON.stringify(res.body)}`);
        check(res, name);
      }
    }

    const key = `contract-${randomBytes(6).toString('hex')}`;
    const headers: Record<string, string> = op.method === 'POST' ? { 'idempotency-key': key } : {};
    const res = await send(scenario, op, { headers });
    t.ok(res.status >= 200 && res.status < 300, `the example: 2xx: ${res.status} ${JSON.stringify(res.body)}`);
    check(res, 'the example');
    const location = res.headers.get('location');
    if (location) {
      counts.locations++;
      const shown = await request(service.url, 'GET', location, { key: scenario.as.key });
      counts.requests++;
      t.equal(shown.status, 200, `Location ${location} answers 200`);
      t.equal(shown.body?.data?.id, res.body.data.id, 'with the created resource');
      const get = operations.find((o) => o.method === 'GET' && new RegExp(`^${o.path.replace(/\{[a-z_]+\}/g, '[0-9]+')}$`).test(location));
      t.ok(get, `Location ${location} is the path of a documented GET`);
      if (get) t.same(reference.mismatches(get.path, 'GET', shown), [], 'and answers as that GET documents');
    } else if (res.status === 201) {
      t.match(reference.response(op.path, op.method, 201)?.description, /no `Location`/, 'a 201 without Location says where the resource appears');
    }
    if (op.method === 'POST' && res.status < 300) {
      const replay = await send(scenario, op, { headers });
      t.equal(replay.status, res.status, 'the replay answers the same status');
      t.equal(replay.headers.get('idempotent-replayed'), 'true', 'and says it is a replay');
      check(replay, 'the replay', true);
    }
  });
}

t.test('the counts', async (t) => {
  t.ok(counts.variants > 95 * 2, `${counts.variants} invalid variants`);
  t.comment(`${counts.requests} requests, ${counts.variants} invalid variants, ${counts.locations} Locations followed`);
});

t.test('the checks catch an undocumented header and status, a missing required header and an off-schema body', async (t) => {
  const headers = new Headers({ 'x-request-id': 'r', 'x-surprise': '1', 'content-type': 'application/json' });
  const lines = reference.mismatches('/v1/me', 'GET', { status: 200, headers, body: { data: {} } }).join('\n');
  t.match(lines, /header x-surprise is not documented/);
  t.match(lines, /required header X-RateLimit-Limit is missing/);
  t.match(lines, /body\/data must have required property/);
  t.match(reference.mismatches('/v1/me', 'GET', { status: 418, headers, body: {} })[0], /status 418 is not documented/);
});

t.test('lengths count characters as JSON Schema does: maxLength emoji are accepted, one more refused', async (t) => {
  const op = operations.find((o) => o.id === 'club.members.create')!;
  const scenario = await successScenario(service, op);
  const max = reference.resolve(reference.operation(op.path, 'POST').requestBody.content['application/json'].schema).properties.first_name.maxLength as number;
  const body = scenario.body as Record<string, unknown>;
  const fits = await send(scenario, op, { body: { ...body, first_name: '\u{1F600}'.repeat(max) } });
  t.equal(fits.status, 201, `${max} emoji (${2 * max} UTF-16 units)`);
  t.equal([...fits.body.data.first_name].length, max);
  t.equal((await send(scenario, op, { body: { ...body, first_name: '\u{1F600}'.repeat(max + 1) } })).status, 422);
});
