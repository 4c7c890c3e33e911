import type { Config } from '../config.js';

type LogLevel = Config['logLevel'];
type Level = Exclude<LogLevel, 'silent'>;
const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Log = ((level: Level, message: string, fields?: Record<string, unknown>) => void) & {
  /** Whether lines of this level are written: what only such a line needs is not even computed otherwise. */
  writes(level: Level): boolean;
};

/** JSON lines on stdout. Callers pass only identifiers and measurements: never secrets or bodies. */
export function createLog(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Log {
  const writes = (at: Level) => rank[at] >= rank[level];
  const log = (at: Level, message: string, fields: Record<string, unknown> = {}) => {
    if (!writes(at)) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }) + '\n');
  };
  return Object.assign(log, { writes });
}

/** A fault's kind and place for the log, without its message (which may quote data). */
export function describeFault(fault: unknown): Record<string, unknown> {
  if (!(fault instanceof Error)) return { fault: typeof fault };
  const frame = fault.stack?.split('\n').find((line) => line.includes('/src/'))?.trim();
  return { fault: fault.name, code: (fault as { code?: unknown }).code, at: frame };
}

const ms = (nanoseconds: bigint | number) => Math.round(Number(nanoseconds) / 1e4) / 100;

/** The catalog code of a problem+json answer, read back from the body the pipeline built. */
function problemCode(headers: Record<string, string>, body: string): string | undefined {
  if (headers['content-type'] !== 'application/problem+json') return undefined;
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

interface RequestRecord {
  requestId: string;
  method: string;
  target: string;
  remoteAddress: string | undefined;
  started: bigint;
  response: { status: number; headers: Record<string, string>; body: string };
  operation?: string;
  keyId?: string;
  workspaceId?: string;
  fault?: unknown;
  /** Time spent in SQL (debug only). */
  sql?: { ms: number; queries: number };
  /** The client went away before its body ended: its own doing, not a fault. */
  clientAborted?: boolean;
  /** A 503 because the database is unreachable, not one request's overrun or a busy row. */
  databaseDown?: boolean;
}

/** The one line logged per request: never the query string, a body, a secret or a signature. */
export function logRequest(log: Log, r: RequestRecord): void {
  const level = r.fault ? 'error' : 'info';
  if (log.writes(level)) requestLine(log, level, r);
  if (r.databaseDown) databaseState(log, false, 'a request found the database unavailable');
  else if (r.response.status < 400 && r.target.startsWith('/v1')) databaseState(log, true);
}

function requestLine(log: Log, level: 'error' | 'info', r: RequestRecord): void {
  const code = problemCode(r.response.headers, r.response.body);
  log(level, 'request', {
    request_id: r.requestId, method: r.method, path: r.target.split('?')[0], operation: r.operation,
    status: r.response.status, ...(code ? { code } : {}),
    duration_ms: ms(process.hrtime.bigint() - r.started),
    key_id: r.keyId, workspace_id: r.workspaceId, remote_address: r.remoteAddress,
    ...(r.sql ? { sql_ms: ms(r.sql.ms * 1e6), sql_queries: r.sql.queries } : {}),
    ...(r.fault ? describeFault(r.fault) : {}), ...(r.clientAborted ? { client_aborted: true } : {}),
  });
}

const reachable = new WeakMap<Log, boolean>();

/**
 * Records what is known of the database: one warn line when it becomes unreachable, one info
 * line when it is back. Fed by request outcomes and by the periodic probe.
 */
export function databaseState(log: Log, ok: boolean, cause?: string): void {
  const before = reachable.get(log) ?? true;
  if (before === ok) return;
  reachable.set(log, ok);
  if (ok) log('info', 'database reachable again');
  else log('warn', 'database unreachable', { cause });
}
