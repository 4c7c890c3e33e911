// A V8 CPU profile (node --cpu-prof) reduced to where the time went, and a sampled heap profile
// (heap-sampling.ts) to what was allocated: each by area and by function.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface Profile { nodes: Node[]; startTime: number; endTime: number; samples: number[] }

const ownCode = "the service's own code";

function area(frame: Node['callFrame']): string {
  if (frame.functionName === '(idle)') return 'idle (waiting for I/O)';
  if (frame.functionName === '(garbage collector)') return 'garbage collection';
  if (frame.functionName === '(program)' || frame.url === '') return 'V8 and native code (writev, parsing, crypto)';
  if (frame.url.includes('/node_modules/postgres/')) return 'postgres.js';
  if (frame.url.includes('/dist/src/')) return ownCode;
  if (frame.url.startsWith('node:')) return 'Node.js library (http, streams, net)';
  return 'other';
}

const percent = (n: number, total: number) => `${((100 * n) / total).toFixed(1)}%`.padStart(6);
const nameOf = (frame: Node['callFrame']) => `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

export async function summarizeProfiles(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return '(no profile was written)';
  const profile = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    add(areas, area(frame), 1);
    add(functions, nameOf(frame), 1);
  }
  // Inclusive time of the service's own functions: a sample counts once for every function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const inclusive = new Map<string, number>();
  for (const id of profile.samples) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (area(frame) === ownCode) seen.add(nameOf(frame));
    }
    for (const name of seen) add(inclusive, name, 1);
  }
  const idle = areas.get('idle (waiting for I/O)') ?? 0;
  const busy = profile.samples.length - idle;
  areas.delete('idle (waiting for I/O)');
  functions.delete('(idle)');
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${percent(v, busy)}  ${k}`);
  return [
    `${profile.samples.length} samples over ${((profile.endTime - profile.startTime) / 1e6).toFixed(0)} s, ${percent(idle, profile.samples.length).trim()} idle; self time as a share of the busy time`,
    'by area:', ...top(areas, 10), 'by function:', ...top(functions, 30),
    "the service's own functions, inclusive of what they call:", ...top(inclusive, 30),
  ].join('\n');
}

interface HeapNode { callFrame: Node['callFrame']; selfSize: number; children: HeapNode[] }

/** The heap profile's allocations per request the service began, by area and by allocating function. */
export async function summarizeAllocation(file: string): Promise<string> {
  const written = await readFile(file, 'utf8').catch(() => undefined);
  if (!written) return '(no heap profile was written)';
  const { requests, profile } = JSON.parse(written) as { requests: number; profile: { head: HeapNode } };
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  const walk = (node: HeapNode) => {
    total += node.selfSize;
    add(areas, area(node.callFrame), node.selfSize);
    add(functions, nameOf(node.callFrame), node.selfSize);
    node.children.forEach(walk);
  };
  walk(profile.head);
  const perRequest = (bytes: number) => `${(bytes / requests / 1024).toFixed(1)} KiB`.padStart(10);
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${percent(v, total)}  ${perRequest(v)}  ${k}`);
  return [
    `${(total / 2 ** 20).toFixed(0)} MiB allocated over ${requests} requests begun: ${perRequest(total).trim()} a request; share, then KiB a request`,
    'by area:', ...top(areas, 10), 'by allocating function:', ...top(functions, 25),
  ].join('\n');
}
