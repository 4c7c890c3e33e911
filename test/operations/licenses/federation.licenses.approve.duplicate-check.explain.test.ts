// The duplicate check is served by an index, not a scan: the planner's own word on the exact
// query approval runs, over a registry of 100 000 persons.
import t from 'tap';
import { samePersonQuery } from '../../../src/resources/persons.js';
import { startService } from '../../support/harness.js';
import { createFederation, createPerson, createPersons } from '../../support/factories.js';

const service = await startService(t);
const { sql } = service;
const N = 100_000;

const federation = await createFederation(service);
await createPersons(service, federation.id, N);
const zoe = await createPerson(service, federation.id, { first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt', birth_date: '2012-03-14' });

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

t.test('the lookup uses persons_identity_idx and never scans persons', async (t) => {
  const who = { first_name: 'ZOE', last_name: 'muller-ludenscheidt', birth_date: '2012-03-14' };
  const [row] = await sql`explain (format json) ${samePersonQuery(sql, federation.id, who)}`;
  const plan = nodes((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  t.comment(JSON.stringify(plan.map((n) => [n['Node Type'], n['Index Name'] ?? n['Relation Name'] ?? null])));
  t.same(plan.filter((n) => n['Node Type'] === 'Seq Scan'), [], 'no Seq Scan');
  t.ok(plan.some((n) => n['Index Name'] === 'persons_identity_idx'), 'persons_identity_idx');
  const found = await samePersonQuery(sql, federation.id, who);
  t.same(found.map((p) => p.id), [zoe], 'and it finds her');
  t.same(await samePersonQuery(sql, federation.id, { ...who, birth_date: '2012-03-15' }), [], 'not on another birth date');
});
