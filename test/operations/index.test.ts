// The router table holds exactly the 95 /v1 operations of operations.md (ids, methods, paths, kinds,
// scopes), each with a handler and its schemas, and the generated reference lists the same 95 and
// nothing else.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import * as v from 'valibot';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { operations } from '../../src/operations/index.js';
import { root } from '../support/processes.js';
import { contractOperations } from './contract.js';


const describeRow = (id: string, method: string, p: string, scope: string | null) => `${id} ${method} ${p} ${scope ?? '-'}`;

t.test('the copy of operations.md is the contract\'s, where the contract is at hand', async (t) => {
  const file = path.join(root, '..', 'shared', 'contract', 'operations.md');
  if (!existsSync(file)) {
    t.comment(`no contract at ${file}: the copy stands on its own`);
    return;
  }
  const rows = [...readFileSync(file, 'utf8').matchAll(/^\| (\d+) \| ([a-z.]+) \| (GET|POST|PUT|PATCH|DELETE) \| (\S+) \| (.*?) \|$/gm)]
    .map((m) => [Number(m[1]), m[2], m[3], m[4], m[5]!.startsWith('(none') ? null : m[5]]);
  t.same(rows, contractOperations);
});

t.test('the router table holds exactly the 95 operations of the contract', async (t) => {
  t.equal(contractOperations.length, 95);
  const table = operations.map((op) => describeRow(op.id, op.method, op.path, op.scope)).sort();
  const contract = contractOperations.map(([, id, method, p, scope]) => describeRow(id, method, p, scope)).sort();
  t.same(table.filter((row) => !contract.includes(row)), [], 'rows the contract does not have (or listed as not yet built)');
  t.same(contract.filter((row) => !table.includes(row)), [], 'contract rows missing from the table');
  t.equal(operations.length, 95);
});

t.test('each row: a handler and its schemas', async (t) => {
  for (const op of operations) {
    t.type(op.handler, 'function', `${op.id}: handler`);
    t.ok(op.response, `${op.id}: response schema`);
    if (op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH') t.ok(op.body, `${op.id}: body schema`);
    if (op.list) t.ok(op.query, `${op.id}: a list has a query schema`);
    for (const schema of [op.body, op.response]) {
      for (const example of (schema ? (v.getExamples(schema) as unknown[] | undefined) : undefined) ?? []) {
        t.ok(v.safeParse(schema!, example).success, `${op.id}: its example passes its own schema`);
      }
    }
  }
});

t.test('the generated reference lists the same 95 and nothing else', async (t) => {
  const doc = generateOpenApi(operations, '0') as { paths: Record<string, Record<string, { operationId: string; 'x-scope'?: string | null }>> };
  const listed = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => ({ p, method: method.toUpperCase(), id: op.operationId, scope: op['x-scope'] ?? null })))
    .filter((o) => o.p !== '/health');
  t.same(listed.map((o) => describeRow(o.id, o.method, o.p, o.scope)).sort(),
    contractOperations.map(([, id, method, p, scope]) => describeRow(id, method, p, scope)).sort());
});
