// The reference against the live service: for every operation, a request made of the factories
// must answer a status the reference documents, exactly the headers it documents for that status
// (every documented one present, no undocumented one), and a body its schema accepts; a POST
// replayed under its Idempotency-Key too; and one refusal per operation must match the documented
// example of its code, member for member.
import t from 'tap';
import { randomBytes } from 'node:crypto';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { request, startService, type Response } from '../support/harness.js';
import { schemaErrors } from '../support/json-schema-check.js';
import { successScenario, type Scenario } from '../support/scenarios.js';

const service = await startService(t);
const doc = generateOpenApi(operations, '0.0.0') as Record<string, any>;

// What HTTP itself sends; the reference documents the rest. Content-Type is checked against `content`.
const transport = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

function documented(op: Operation): Record<string, any> {
  return doc.paths[op.path][op.method.toLowerCase()].responses;
}

function headerName(ref: string): string {
  return ref.split('/').pop()!;
}

/** Everything that does not match the reference's response for this status, as readable lines. */
function mismatches(op: Operation, res: Response, replayed = false): string[] {
  const response = documented(op)[String(res.status)];
  if (!response) return [`status ${res.status} is not documented (${Object.keys(documented(op)).join(', ')}): ${JSON.stringify(res.body)}`];
  const out: string[] = [];
  const names = new Map(Object.values(response.headers ?? {}).map((h: any) => [headerName(h.$ref).toLowerCase(), headerName(h.$ref)]));
  for (const [name] of res.headers) {
    if (!transport.has(name) && !names.has(name)) out.push(`header ${name} is not documented for ${res.status}`);
  }
  for (const [lower, name] of names) {
    if (lower === 'idempotent-replayed' && !replayed) continue;
    if (!res.headers.has(lower)) out.push(`documented header ${name} is missing from ${res.status}`);
  }
  const content = response.content as Record<string, any> | undefined;
  const type = res.headers.get('content-type');
  if (!content) {
    if (res.body !== undefined) out.push(`${res.status} documents no body but one came`);
    return out;
  }
  const media = content[type ?? ''];
  if (!media) return [...out, `content-type ${type} is not documented for ${res.status}`];
  out.push(...schemaErrors(media.schema, res.body, doc));
  return out;
}

/** The documented example of a problem code, by the code (or reason) the service answered. */
function exampleOf(op: Operation, res: Response): Record<string, unknown> | undefined {
  const examples = documented(op)[String(res.status)]?.content?.['application/problem+json']?.examples ?? {};
  return (examples[`${res.body.code}.${res.body.reason}`] ?? examples[res.body.code])?.value;
}

const send = (s: Scenario, op: Operation, headers: Record<string, string> = {}) =>
  request(service.url, op.method, s.path, { key: s.as.key, body: s.body, headers });

t.test('every operation has a success scenario', async (t) => {
  t.equal(operations.length, 95);
});

for (const op of operations) {
  t.test(`${op.id}: success answers exactly as documented`, async (t) => {
    const scenario = await successScenario(service, op);
    const key = `contract-${randomBytes(6).toString('hex')}`;
    const headers: Record<string, string> = op.method === 'POST' ? { 'idempotency-key': key } : {};
    const res = await send(scenario, op, headers);
    t.ok(res.status >= 200 && res.status < 300, `2xx: ${res.status} ${JSON.stringify(res.body)}`);
    t.same(mismatches(op, res), [], `${op.method} ${op.path} → ${res.status}`);
    if (res.status === 201) t.match(res.headers.get('location'), /^\/v1\//, 'Location is a /v1 URL');
    if (op.method === 'POST' && res.status < 300) {
      const replay = await send(scenario, op, headers);
      t.equal(replay.status, res.status, 'the replay answers the same status');
      t.equal(replay.headers.get('idempotent-replayed'), 'true', 'and says it is a replay');
      t.same(mismatches(op, replay, true), [], 'the replay answers as documented');
    }
  });

  t.test(`${op.id}: a refusal matches its documented example`, async (t) => {
    const scenario = await successScenario(service, op);
    // Every operation documents 400 invalid_query; one with a body 422, one with ids 404.
    const refused: Scenario = op.body
      ? { ...scenario, body: { unknown_member: 1 } }
      : op.path.includes('{')
        ? { ...scenario, path: op.path.replace(/\{[a-z_]+\}/g, '9000000000000000001') }
        : { ...scenario, path: `${scenario.path}?unknown_parameter=1` };
    const res = await send(refused, op);
    t.ok(res.status >= 400, `refused: ${res.status}`);
    t.same(mismatches(op, res), [], `${op.method} ${op.path} → ${res.status} ${res.body?.code}`);
    const documentedExample = exampleOf(op, res);
    t.ok(documentedExample, `${res.body?.code} has a documented example`);
    if (!documentedExample) return;
    t.same(Object.keys(res.body).sort(), Object.keys(documentedExample).sort(), 'the members of the documented example');
    t.equal(res.body.status, documentedExample.status);
    t.equal(res.body.type, documentedExample.type);
    t.equal(res.body.title, documentedExample.title);
    if (Array.isArray(res.body.errors)) {
      for (const e of res.body.errors) t.same(Object.keys(e).sort(), Object.keys((documentedExample.errors as object[])[0]!).sort(), 'errors[] members');
    }
  });
}

t.test('the checks catch an undocumented header and status', async (t) => {
  const op = operations.find((o) => o.id === 'me.get')!;
  const headers = new Headers({ 'x-request-id': 'r', 'x-surprise': '1' });
  t.match(mismatches(op, { status: 200, headers, body: { data: {} } }).join('\n'), /header x-surprise is not documented/);
  t.match(mismatches(op, { status: 418, headers, body: {} })[0], /status 418 is not documented/);
});
