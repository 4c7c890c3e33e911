// What the volume run's private Postgres logged while the variants ran: the plan of each statement
// slower than `slowMs` (auto_explain, estimates only: no per-row timing on every statement),
// checkpoints and autovacuum. A variant's slow requests can then be set beside the database's own
// account of that moment, not only beside the service's (its full collections, its event loop).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Sql } from 'postgres';

export const slowMs = 50;

/** Settings for a server whose `shared_preload_libraries` includes auto_explain; applied by a reload. */
export async function logSlowStatements(sql: Sql): Promise<void> {
  for (const setting of [`auto_explain.log_min_duration = '${slowMs}ms'`, 'auto_explain.log_nested_statements = on',
    'log_checkpoints = on', 'log_autovacuum_min_duration = 0']) await sql.unsafe(`alter system set ${setting}`);
  await sql`select pg_reload_conf()`;
}

export interface LogEvent {
  at: number;
  what: string;
}

const entryStart = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}) UTC \[\d+\] (?:LOG|WARNING):\s+(.*)$/;

/** The server log's slow statements (duration, first line of the text, the plan's scans) and its checkpoints and autovacuum runs, after `since`. */
export async function serverEvents(pgdata: string, since: number): Promise<LogEvent[]> {
  const text = await readFile(path.join(pgdata, 'server.log'), 'utf8').catch(() => '');
  const entries: { at: number; lines: string[] }[] = [];
  for (const line of text.split('\n')) {
    const start = entryStart.exec(line);
    if (start) entries.push({ at: Date.parse(`${start[1]!.replace(' ', 'T')}Z`), lines: [start[2]!] });
    else if (entries.length > 0 && line.startsWith('\t')) entries.at(-1)!.lines.push(line.trim());
  }
  const events: LogEvent[] = [];
  for (const { at, lines } of entries) {
    if (at < since) continue;
    const [first] = lines as [string];
    const slow = /^duration: ([\d.]+) ms\s+plan:/.exec(first);
    if (slow) {
      // The text runs from "Query Text:" to the plan's first node, the first line with a cost.
      const textAt = lines.findIndex((l) => l.startsWith('Query Text:'));
      const planAt = lines.findIndex((l) => l.includes('(cost='));
      const query = lines.slice(textAt, planAt).join(' ').replace('Query Text:', '').replace(/\s+/g, ' ').trim().slice(0, 100);
      const scans = lines.slice(planAt).filter((l) => /(Scan|BitmapAnd|Lock|Sort)\b/.test(l)).map((l) => l.replace(/^->\s*/, '').replace(/\s+\(cost.*$/, ''));
      events.push({ at, what: `${slow[1]} ms: ${query} | ${scans.join('; ')}` });
    } else if (/^(checkpoint|automatic (vacuum|analyze))/.test(first)) {
      events.push({ at, what: first.slice(0, 160) });
    }
  }
  return events;
}
