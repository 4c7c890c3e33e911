// Import cycles in a module graph: its strongly connected components of more than one module, or
// of one that imports itself (Tarjan's algorithm). Each is listed sorted, the list by its first.

export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;

  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };

  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The graph between folders: a module at the top is a folder of its own. */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>, folderOf: (module: string) => string): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [module, imports] of graph) {
    const from = folderOf(module);
    const targets = folders.get(from) ?? new Set<string>();
    folders.set(from, targets);
    for (const target of imports) if (folderOf(target) !== from) targets.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets]]));
}
