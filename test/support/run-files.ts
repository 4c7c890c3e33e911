// Runs test files as tap's own runner would, in node processes writing TAP, a few at a time. The
// runner is ours for what it costs: tap's loads @tapjs/processinfo into every test process, about
// 0.8 s of CPU each, for coverage and change tracking the suite takes from c8. For the same reason
// the files that need no process of their own share one, up to 14 at a time (test/support/bundle.ts).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface FileResult {
  /** The file, or the bundle's first and last files. */
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
 * The longest files start first, so that the lanes end together rather than one of them finishing
 * on a minute-long file alone.
 */
const longest = [
  'cli/quick-start', 'package/client', 'openapi/lint', 'openapi/client', 'faults/rolling-restart', 'faults/fuzz',
  'cli/service', 'db/embedded', 'openapi/live-contract', 'webhooks/admin', 'cli/admin', 'faults/hot-row',
];
/** Whether a compiled file is the test named `name` (its path under test/, without `.test.ts`). */
const isNamed = (file: string, name: string) => file.endsWith(`/${name}.test.js`);

const rank = (job: Job) => {
  const i = longest.findIndex((name) => isNamed(job.files[0]!, name));
  // A bundle takes 5-15 s: after the four longest files, before the rest.
  return job.files.length > 1 ? 3.5 : i < 0 ? longest.length : i;
};

/**
 * Unit tests and the operations' tests: each starts at most a service of its own on the suite's
 * database and measures nothing process-wide (no timing, no statement counts, no signals);
 * test/architecture/imports.test.ts holds them to it.
 */
export const sharedFolders = ['operations', 'resources', 'signing'];
const shareable = sharedFolders.map((folder) => `test/${folder}/`);
const bundleSize = 14;

/**
 * Files whose claim is a latency while they load the machine themselves: they run one at a time
 * after the lanes are done, so that another file's load is not theirs, and on a warm cluster
 * (run first, on the fresh clone's new cluster, the fixtures' p99 missed its bound 1 time in 4).
 */
const exclusive = ['operations/competitions/federation.competitions.schedule'];

interface Job {
  files: string[];
}

/**
 * Every shareable file in bundles of up to `bundleSize`, in path order, and every other file
 * alone; the exclusive files apart, each alone.
 */
function jobsOf(files: string[]): { alone: Job[]; rest: Job[] } {
  const exclusives = files.filter((f) => exclusive.some((name) => isNamed(f, name)));
  const others = files.filter((f) => !exclusives.includes(f));
  const shared = others.filter((f) => shareable.some((folder) => f.includes(folder))).sort();
  const bundles = Math.ceil(shared.length / bundleSize);
  const size = Math.ceil(shared.length / bundles);
  return {
    alone: exclusives.map((file) => ({ files: [file] })),
    rest: [
      ...others.filter((f) => !shared.includes(f)).map((file) => ({ files: [file] })),
      ...Array.from({ length: bundles }, (_, i) => ({ files: shared.slice(i * size, (i + 1) * size) })),
    ],
  };
}

const bundleDriver = path.join(import.meta.dirname, 'bundle.js');
const nameOf = (job: Job) => job.files.length === 1 ? job.files[0]! : `${job.files[0]} … ${job.files.at(-1)} (${job.files.length} files)`;

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

function runJob(job: Job, cwd: string, env: NodeJS.ProcessEnv, timeoutS: number, reaped: () => number): Promise<FileResult> {
  const started = performance.now();
  // tap in the file times its own tests out (TAP_TIMEOUT, which a file may raise: the quick start
  // allows itself 600 s); the kill is for a file that hangs outside its tests.
  const killAfterS = 2 * timeoutS + 60;
  const args = job.files.length === 1 ? job.files : [bundleDriver, ...job.files];
  const child = spawn(process.execPath, ['--enable-source-maps', ...args], { cwd, env: { ...env, TAP_TIMEOUT: String(timeoutS) } });
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
    resolve({ file: nameOf(job), ok: code === 0, ms: performance.now() - started, cpuS, counts, output });
  }));
}

/**
 * Runs every file, `jobs` processes at a time, writing a TAP line per process (a failed one's whole
 * output under it).
 */
export async function runFiles(files: string[], options: { cwd: string; env: NodeJS.ProcessEnv; jobs: number; timeoutS: number }): Promise<FileResult[]> {
  const { alone, rest } = jobsOf(files);
  const queue = rest.sort((a, b) => rank(a) - rank(b) || nameOf(a).localeCompare(nameOf(b)));
  const results: FileResult[] = [];
  const reaped = reapedMeanwhile();
  console.log(`TAP version 14\n1..${alone.length + queue.length}`);
  const run = async (job: Job) => {
    const result = await runJob(job, options.cwd, options.env, options.timeoutS, reaped);
    results.push(result);
    const line = `${result.ok ? 'ok' : 'not ok'} ${results.length} - ${result.file} # time=${result.ms.toFixed(0)}ms cpu=${result.cpuS.toFixed(1)}s`;
    console.log(result.ok ? line : `# Subtest: ${result.file}\n${result.output.replace(/^/gm, '    ')}\n${line}`);
  };
  const lane = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await run(job);
  };
  await Promise.all(Array.from({ length: options.jobs }, lane));
  for (const job of alone) await run(job);
  return results;
}

/** The assertions of every file, summed: `{ total, pass, fail, todo, skip }`. */
export function totals(results: FileResult[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const { counts } of results) for (const [k, n] of Object.entries(counts ?? {})) sum[k] = (sum[k] ?? 0) + n;
  return sum;
}
