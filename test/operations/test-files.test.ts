// One test file per operation, named by its id, beside its resource's other tests:
// test/operations/<resource>/<operation id>.test.ts mirrors src/operations/<resource>/<operation id>.ts.
// Files of one aspect of an operation may sit beside it (<operation id>.<aspect>.test.ts).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { operations } from '../../src/operations/index.js';
import { root } from '../support/processes.js';

const sources = path.join(root, 'src', 'operations');
const tests = path.join(root, 'test', 'operations');
const resources = readdirSync(sources, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
const resourceOf = (id: string) => resources.find((r) => existsSync(path.join(sources, r, `${id}.ts`)));

/**
 * Operations still tested inside a sibling's file of their resource folder. Empty: every operation of
 * the table has its own file, and this test fails on any operation without one. The list may only
 * shrink; it stays so that the rule's exception has one visible place.
 */
const testedBySibling = new Set<string>([]);

t.test('every operation of the router table has its test file, named by its id, in its resource folder', async (t) => {
  for (const { id } of operations) {
    const resource = resourceOf(id);
    t.ok(resource, `${id}: src/operations/<resource>/${id}.ts`);
    const own = existsSync(path.join(tests, resource ?? '-', `${id}.test.ts`));
    if (testedBySibling.has(id)) {
      t.notOk(own, `${id} has its own file now: take it off the list`);
      const siblings = existsSync(path.join(tests, resource ?? '-')) ? readdirSync(path.join(tests, resource!)) : [];
      t.ok(siblings.some((f) => f.endsWith('.test.ts')), `${id}: its resource folder has tests`);
    } else {
      t.ok(own, `test/operations/${resource}/${id}.test.ts`);
    }
  }
  t.same([...testedBySibling].filter((id) => !operations.some((op) => op.id === id)), [], 'the list names only operations of the table');
});

t.test('every test file under test/operations/<resource>/ is named by an operation id of that resource', async (t) => {
  for (const resource of readdirSync(tests, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)) {
    for (const file of readdirSync(path.join(tests, resource)).filter((f) => f.endsWith('.test.ts'))) {
      const id = operations.map((op) => op.id).find((i) => file === `${i}.test.ts` || file.startsWith(`${i}.`));
      t.ok(id && resourceOf(id) === resource, `test/operations/${resource}/${file}`);
    }
  }
});
