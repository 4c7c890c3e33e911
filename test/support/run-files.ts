// Runs test files as tap's own runner would, each in its own node process writing TAP, a few at a
// time. The runner is ours for what it costs: tap's loads @tapjs/processinfo into every test
// process, about 0.8 s of CPU each, for coverage and change tracking the suite takes from c8.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface FileResult {
  file: string;
  ok: boolean;
  ms: number;
  /** CPU seconds of the file's process and the processes it waited for (not the shared Postgres). */
  cpuS: number;
  /** The file's closing `# { total, pass, fail, todo, … }`; absent when it never got there. */
  counts?: Record<string, number>;
  output: string;
}

/**
 * The longest files start first, so that the two lanes end together rather than one of them
 * finishing on a minute-long file alone.
 */
const longest = [
  'cli/quick-start', 'package/client', 'openapi/lint', 'openapi/client', 'faults/rolling-restart', 'faults/fuzz',
  'cli/service', 'db/embedded', 'openapi/live-contract', 'webhooks/admin', 'cli/admin', 'faults/hot-row',
];
const rank = (file: string) => {
  const i = longest.findIndex((name) => file.endsWith(`/${name}.test.js`));
  return i < 0 ? longest.length : i;
};

/**
 * CPU seconds of this process's reaped children (cutime + cstime of /proc/self/stat). A child's
 * time is added in one step when it is reaped (just before its 'exit'), so the growth between two
 * exits is that child's.
 */
function reapedCpuS(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ: 100 on Linux
}

/** Each call: the CPU seconds reaped since the previous call. */
function reapedMeanwhile(): () => number {
  let last = reapedCpuS();
  return () => {
    const now = reapedCpuS();
    const meanwhile = now - last;
    last = now;
    return meanwhile;
  };
}

function runFile(file: string, cwd: string, env: NodeJS.ProcessEnv, timeoutS: number, reaped: () => number): Promise<FileResult> {
  const started = performance.now();
  // tap in the file times its own tests out (TAP_TIMEOUT, which a file may raise: the quick start
  // allows itself 600 s); the kill is for a file that hangs outside its tests.
  const killAfterS = 2 * timeoutS + 60;
  const child = spawn(process.execPath, ['--enable-source-maps', file], { cwd, env: { ...env, TAP_TIMEOUT: String(timeoutS) } });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const kill = setTimeout(() => child.kill('SIGKILL'), killAfterS * 1000);
  let cpuS = 0;
  child.on('exit', () => (cpuS = reaped()));
  return new Promise((resolve) => child.on('close', (code, signal) => {
    clearTimeout(kill);
    const summary = /^# (\{ total: .*\})$/m.exec(output)?.[1];
    const counts = summary ? Object.fromEntries([...summary.matchAll(/(\w+): (\d+)/g)].map(([, k, n]) => [k, Number(n)])) : undefined;
    if (signal) output += `\n# killed (${signal}) after ${killAfterS} s\n`;
    resolve({ file, ok: code === 0, ms: performance.now() - started, cpuS, counts, output });
  }));
}

/** Runs every file, `jobs` at a time, writing a TAP line per file (a failed file's whole output under it). */
export async function runFiles(files: string[], options: { cwd: string; env: NodeJS.ProcessEnv; jobs: number; timeoutS: number }): Promise<FileResult[]> {
  const queue = [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const results: FileResult[] = [];
  const reaped = reapedMeanwhile();
  console.log(`TAP version 14\n1..${files.length}`);
  const lane = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const result = await runFile(file, options.cwd, options.env, options.timeoutS, reaped);
      results.push(result);
      const line = `${result.ok ? 'ok' : 'not ok'} ${results.length} - ${file} # time=${result.ms.toFixed(0)}ms cpu=${result.cpuS.toFixed(1)}s`;
      console.log(result.ok ? line : `# Subtest: ${file}\n${result.output.replace(/^/gm, '    ')}\n${line}`);
    }
  };
  await Promise.all(Array.from({ length: options.jobs }, lane));
  return results;
}

/** The assertions of every file, summed: `{ total, pass, fail, todo, skip }`. */
export function totals(results: FileResult[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const { counts } of results) for (const [k, n] of Object.entries(counts ?? {})) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}
