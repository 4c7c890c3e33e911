// The planner's own word on a list's query: what the explain tests of the big lists share.
import type { Test } from 'tap';
import type { PendingQuery, Sql } from 'postgres';

interface PlanNode { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * EXPLAINs `query` (and comments its EXPLAIN ANALYZE) and checks that the plan reads `table`
 * through an index, with no Seq Scan of it, nor of any other table unless `otherSeqScans` allows
 * it. Returns the names of the indexes the plan uses.
 */
export async function checkIndexPlan<T extends readonly (object | undefined)[]>(t: Test, sql: Sql, label: string, query: () => PendingQuery<T>, table: string, otherSeqScans = false): Promise<string[]> {
  const [row] = await sql`explain (format json) ${query()}`;
  const plan = nodes((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  const text = await sql`explain (analyze, buffers, format text) ${query()}`;
  t.comment(`${label}\n${text.map((r) => r['QUERY PLAN']).join('\n')}`);
  const onTable = plan.filter((n) => n['Relation Name'] === table);
  t.ok(onTable.length > 0, `${label}: the plan reads ${table}`);
  const seqScans = plan.filter((n) => n['Node Type'] === 'Seq Scan' && (!otherSeqScans || n['Relation Name'] === table));
  t.same(seqScans, [], `${label}: no Seq Scan${otherSeqScans ? ` on ${table}` : ''}`);
  for (const n of onTable) t.match(n['Node Type'], /^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/, `${label}: ${n['Node Type']}`);
  return plan.map((n) => n['Index Name']).filter((name): name is string => name !== undefined);
}
