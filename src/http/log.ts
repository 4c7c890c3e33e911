import type { Config } from '../config.js';

export type LogLevel = Config['logLevel'];
const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Log = (level: Exclude<LogLevel, 'silent'>, message: string, fields?: Record<string, unknown>) => void;

/** JSON lines on stdout. Callers pass only identifiers and measurements: never secrets or bodies. */
export function createLog(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Log {
  return (at, message, fields = {}) => {
    if (rank[at] < rank[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields }) + '\n');
  };
}

/** A fault's kind and place for the log, without its message (which may quote data). */
export function describeFault(fault: unknown): Record<string, unknown> {
  if (!(fault instanceof Error)) return { fault: typeof fault };
  const frame = fault.stack?.split('\n').find((line) => line.includes('/src/'))?.trim();
  return { fault: fault.name, code: (fault as { code?: unknown }).code, at: frame };
}
