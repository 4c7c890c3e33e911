// A V8 CPU profile (node --cpu-prof) reduced to where the time went: by area and by function.
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

export async function summarizeProfiles(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) return '(no profile was written)';
  const profile = JSON.parse(await readFile(path.join(dir, files[0]!), 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  const nameOf = (frame: Node['callFrame']) => `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    areas.set(area(frame), (areas.get(area(frame)) ?? 0) + 1);
    functions.set(nameOf(frame), (functions.get(nameOf(frame)) ?? 0) + 1);
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
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
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
