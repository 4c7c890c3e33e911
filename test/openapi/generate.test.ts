import t from 'tap';
import * as v from 'valibot';
import { catalog } from '../../src/errors.js';
import { defineOperation, named, type Operation } from '../../src/operations/operation.js';
import { generateOpenApi, tagOf } from '../../src/openapi/generate.js';
import { pathNames } from '../../src/openapi/parameters.js';
import { operations } from '../../src/operations/index.js';
import { members } from '../../src/resources/members.js';
import { emptyBody, id, listQuery, resourceMeta, text } from '../../src/operations/schemas.js';

type Json = Record<string, any>;
const methods = ['get', 'put', 'post', 'delete', 'patch'];

// Rows of every shape the generator must handle, whatever the table holds today.
const member = v.object({ ...resourceMeta, name: v.string(), team_id: v.nullable(v.string()) });
const unused = async () => ({ data: {} });
const samples: Operation[] = [
  named('club.samples.list', defineOperation({ summary: 'Members', method: 'GET', path: '/v1/club/samples', scope: 'club:members:read', query: listQuery({}), response: member, list: true, handler: unused })),
  named('club.samples.get', defineOperation({ summary: 'One member', method: 'GET', path: '/v1/club/samples/{sample_id}', scope: 'club:members:read', response: member, handler: unused })),
  named('club.samples.create', defineOperation({ summary: 'Add', method: 'POST', path: '/v1/club/samples', scope: 'club:members:write', body: v.strictObject({ name: text(1, 100), team_id: v.optional(v.nullable(id)) }), response: member, handler: unused })),
  named('club.samples.update', defineOperation({ summary: 'Change', method: 'PATCH', path: '/v1/club/samples/{sample_id}', scope: 'club:members:write', body: v.strictObject({ name: v.optional(text(1, 100)) }), response: member, refusals: ['conflict'], lock: { store: members, param: 'sample_id' } as never, handler: unused })),
  named('club.samples.archive', defineOperation({ summary: 'Archive', method: 'POST', path: '/v1/club/samples/{sample_id}/archive', scope: 'club:members:write', body: emptyBody, response: member, lock: { store: members, param: 'sample_id' } as never, handler: unused })),
  named('club.samples.delete', defineOperation({ summary: 'Remove', method: 'DELETE', path: '/v1/club/samples/{sample_id}', scope: 'club:members:write', response: member, lock: { store: members, param: 'sample_id' } as never, handler: unused })),
];

function operationsOf(doc: Json): { path: string; method: string; op: Json }[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    methods.filter((m) => item[m]).map((method) => ({ path, method, op: item[method] as Json })));
}

function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref.slice(2).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node === undefined ? undefined : node[key]), doc);
}

function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, val] of Object.entries(node)) (k === '$ref' && typeof val === 'string' ? out.push(val) : refs(val, out));
  }
  return out;
}

const deref = (doc: Json, p: Json): Json => (p.$ref ? (resolve(doc, p.$ref) as Json) : p);

for (const [name, ops] of [['the operation table', operations], ['sample rows', samples], ['both', [...operations, ...samples]]] as const) {
  t.test(name, async (t) => {
    const doc = generateOpenApi([...ops], '1.2.3') as Json;
    t.equal(doc.openapi, '3.1.0');
    t.equal(doc.info.version, '1.2.3');
    t.ok(doc.info.title);
    const all = operationsOf(doc);

    t.test('every row appears exactly once', async (t) => {
      for (const row of ops) {
        const found = all.filter((o) => o.op.operationId === row.id);
        t.equal(found.length, 1, row.id);
        t.equal(found[0]?.path, row.path, `${row.id} path`);
        t.equal(found[0]?.method, row.method.toLowerCase(), `${row.id} method`);
        t.equal(found[0]?.op['x-scope'], row.scope, `${row.id} x-scope`);
        t.equal(found[0]?.op['x-workspace-kind'], row.kind, `${row.id} x-workspace-kind`);
        t.same(found[0]?.op.tags, [tagOf(row.id)]);
      }
      t.equal(all.length, ops.length + 1, 'the rows and GET /health');
      t.same(new Set(all.map((o) => o.op.operationId)).size, all.length, 'operationIds are unique');
    });

    t.test('every path parameter is declared, and only those', async (t) => {
      for (const { path, op } of all) {
        const declared = (op.parameters ?? []).map((p: Json) => deref(doc, p)).filter((p: Json) => p.in === 'path');
        t.same(declared.map((p: Json) => p.name).sort(), pathNames(path).sort(), `${op.operationId}`);
        for (const p of declared) t.equal(p.required, true);
      }
    });

    t.test('structure', async (t) => {
      const text = JSON.stringify(doc);
      t.same(JSON.parse(text), doc, 'JSON-serializable without loss');
      const found = refs(doc);
      t.ok(found.length > 0);
      t.same(found.filter((ref) => resolve(doc, ref) === undefined), [], 'every $ref resolves');
      const undescribed = all.flatMap(({ op }) => Object.entries(op.responses as Json)
        .filter(([, r]) => typeof deref(doc, r).description !== 'string').map(([status]) => `${op.operationId} ${status}`));
      t.same(undescribed, [], 'every response has a description');
      t.ok(all.every(({ op }) => Object.keys(op.responses).length > 0), 'every operation has responses');
      t.same(doc.components.schemas.Problem.properties.code.enum, Object.keys(catalog));
    });

    t.test('security', async (t) => {
      for (const { path, op } of all) {
        if (path === '/health') t.same(op.security, [], 'health is public');
        else t.same(op.security, [{ HttpMessageSignature: [] }], op.operationId);
      }
      t.equal(doc.components.securitySchemes.HttpMessageSignature.type, 'apiKey');
      t.equal(doc.components.securitySchemes.HttpMessageSignature.name, 'Signature');
      t.same(doc.components.securitySchemes.HttpMessageSignature['x-http-message-signature'].components.requiredWithBody, ['content-digest']);
      for (const { op } of all) if (op['x-scope']) t.ok(doc.components.securitySchemes.HttpMessageSignature['x-scopes'][op['x-scope']], `${op['x-scope']} is in x-scopes`);
    });
  });
}

t.test('headers, bodies and statuses follow the method', async (t) => {
  const doc = generateOpenApi(samples, '0') as Json;
  const op = (id: string) => operationsOf(doc).find((o) => o.op.operationId === id)!.op;
  const headerParams = (o: Json) => (o.parameters as Json[]).map((p) => deref(doc, p)).filter((p) => p.in === 'header').map((p) => p.name);

  t.same(headerParams(op('club.samples.create')), ['Idempotency-Key', 'Content-Digest', 'X-Request-Id']);
  t.same(headerParams(op('club.samples.archive')), ['Idempotency-Key', 'If-Match', 'Content-Digest', 'X-Request-Id']);
  t.same(headerParams(op('club.samples.update')), ['If-Match', 'Content-Digest', 'X-Request-Id']);
  t.same(headerParams(op('club.samples.delete')), ['If-Match', 'X-Request-Id']);
  t.same(headerParams(op('club.samples.get')), ['If-None-Match', 'X-Request-Id']);
  t.ok(op('club.samples.get').responses['304'], 'a conditional read may answer 304');
  t.notOk(op('club.samples.list').responses['304']);

  t.same(Object.keys(op('club.samples.update').requestBody.content), ['application/json', 'application/merge-patch+json']);
  t.same(Object.keys(op('club.samples.create').requestBody.content), ['application/json']);
  t.equal(op('club.samples.create').requestBody.required, true);
  t.equal(op('club.samples.archive').requestBody.required, false, 'an action body of {} may be left out');
  t.notOk(op('club.samples.get').requestBody);

  const statuses = (id: string) => Object.keys(op(id).responses);
  // 408, 413, 414 and 431 can answer any request, whatever its operation, before it is read.
  t.same(statuses('club.samples.create'), ['201', '400', '401', '403', '404', '405', '408', '409', '413', '414', '415', '422', '429', '431', '500', '503']);
  t.same(statuses('club.samples.update'), ['200', '400', '401', '403', '404', '405', '408', '409', '412', '413', '414', '415', '422', '429', '431', '500', '503']);
  t.same(statuses('club.samples.list'), ['200', '400', '401', '403', '404', '405', '408', '413', '414', '429', '431', '500', '503']);
  t.same(statuses('club.samples.archive').filter((s) => s < '300'), ['200'], 'an action is 200 only');
  t.ok(op('club.samples.list').responses['405'].headers.Allow);
  t.match(op('club.samples.list').responses['400'].description, /invalid_cursor/);
  t.notMatch(op('club.samples.get').responses['400'].description, /invalid_cursor/);

  t.ok(op('club.samples.get').responses['200'].headers.ETag, 'single GET of a versioned resource');
  t.notOk(op('club.samples.list').responses['200'].headers.ETag);
  t.ok(op('club.samples.create').responses['201'].headers.Location);
  t.ok(op('club.samples.create').responses['201'].headers.ETag, 'a created versioned resource');
  t.ok(op('club.samples.update').responses['200'].headers.ETag, 'a patched versioned resource');
  t.ok(op('club.samples.get').responses['200'].headers['X-RateLimit-Remaining']);
  t.ok(op('club.samples.get').responses['429'].headers['Retry-After']);

  const list = op('club.samples.list').responses['200'].content['application/json'].schema;
  t.equal(list.properties.data.type, 'array');
  t.same(list.properties.meta, { $ref: '#/components/schemas/ListMeta' });
  const single = op('club.samples.get').responses['200'].content['application/json'].schema;
  t.equal(single.properties.data.type, 'object');
  t.same(single.properties.data.properties.team_id, { type: ['string', 'null'] });

  const query = (op('club.samples.list').parameters as Json[]).filter((p) => p.in === 'query');
  t.same(query.map((p) => p.name), ['limit', 'cursor', 'updated_since']);
  t.ok(query.every((p) => p.required === false));
});

t.test('tags name the resource', async (t) => {
  t.equal(tagOf('club.samples.list'), 'samples');
  t.equal(tagOf('federation.transfers.documents.list'), 'transfers.documents');
  t.equal(tagOf('me.get'), 'me');
});

t.test('titled schemas are named components, referenced wherever they appear', async (t) => {
  const Sample = v.pipe(member, v.title('Sample'), v.examples([{ id: '7', created_at: '2026-11-21T09:30:00.000Z', updated_at: '2026-11-21T09:30:00.000Z', version: 1, name: 'Ada', team_id: null }]));
  const SampleCreate = v.pipe(v.strictObject({ name: text(1, 100) }), v.title('SampleCreate'), v.examples([{ name: 'Ada' }]));
  const rows: Operation[] = [
    ({ ...samples[0]!, response: Sample } as Operation),
    ({ ...samples[1]!, response: Sample } as Operation),
    ({ ...samples[2]!, body: SampleCreate, response: Sample } as Operation),
  ];
  const doc = generateOpenApi(rows, '0') as Json;
  const op = (id: string) => operationsOf(doc).find((o) => o.op.operationId === id)!.op;
  t.same(doc.components.schemas.Sample.required, ['id', 'created_at', 'updated_at', 'version', 'name', 'team_id']);
  t.notOk(doc.components.schemas.Sample.title, 'the name is the title');
  t.same(doc.components.schemas.Sample.properties.version, { type: 'integer', minimum: 1 });
  t.same(op('club.samples.list').responses['200'].content['application/json'].schema.properties.data.items, { $ref: '#/components/schemas/Sample' }, 'a list reuses the item');
  t.same(op('club.samples.get').responses['200'].content['application/json'].schema.properties.data, { $ref: '#/components/schemas/Sample' });
  t.same(op('club.samples.create').requestBody.content['application/json'].schema, { $ref: '#/components/schemas/SampleCreate' });
  t.equal(op('club.samples.create').requestBody.required, true, 'required read through the reference');
  t.same(op('club.samples.create').requestBody.content['application/json'].example, { name: 'Ada' });
  t.match(op('club.samples.list').responses['200'].content['application/json'].example, { data: [{ id: '7' }], meta: { next_cursor: null } });
  t.match(op('club.samples.create').responses['201'].content['application/json'].example, { data: { name: 'Ada' } });

  const other = v.pipe(v.object({ x: v.string() }), v.title('Sample'));
  t.throws(() => generateOpenApi([({ ...samples[1]!, response: other } as Operation), ...rows], '0'), /two different schemas are titled Sample/);
});

t.test('error examples: one real problem body per code, one per declared reason', async (t) => {
  const row = ({ ...samples[4]!, reasons: ['member_archived', 'season_closed'] } as Operation);
  const doc = generateOpenApi([row], '0') as Json;
  const responses = operationsOf(doc)[1]!.op.responses as Json;
  const examples = responses['422'].content['application/problem+json'].examples;
  t.same(Object.keys(examples).sort(), ['idempotency_key_reused', 'rule_violation.member_archived', 'rule_violation.season_closed', 'validation_failed']);
  t.match(examples['rule_violation.season_closed'].value, { code: 'rule_violation', status: 422, reason: 'season_closed', type: 'urn:problem:rule_violation' });
  t.match(responses['422'].description, /`season_closed`/);
  for (const [status, response] of Object.entries(responses).filter(([s]) => s >= '400')) {
    for (const { value } of Object.values((response as Json).content['application/problem+json'].examples) as Json[]) {
      t.equal(String(value.status), status);
      t.notMatch(value.detail, /…/, 'a real detail');
      t.equal(value.title, catalog[value.code as keyof typeof catalog][1]);
    }
  }
});

t.test('an operation\'s declared rule reasons are named in its 422 answer', async (t) => {
  const doc = generateOpenApi(operations, '0') as Json;
  const put = operationsOf(doc).find((o) => o.op.operationId === 'club.roster.put')!.op;
  t.match(put.responses['422'].description, /rule_violation.*`member_archived`/);
  const get = operationsOf(doc).find((o) => o.op.operationId === 'club.members.get')!.op;
  t.notOk(get.responses['422'], 'a read declares no rule');
});
