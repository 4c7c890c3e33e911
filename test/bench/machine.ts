// What the processes of a scenario cost, from /proc: peak resident memory and CPU time.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ticksPerSecond = 100; // USER_HZ on Linux

function status(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? NaN) * 1024;
}

/** Starts a new peak: the kernel's high-water mark of resident memory goes back to the current size. */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Older kernels: the peak then covers the process's whole life, which only overstates it.
  }
}

/** Peak resident memory (VmHWM) in bytes since the last reset. */
export function peakRss(pid: number): number {
  return status(pid, 'VmHWM');
}

/** The fields of `/proc/<pid>/stat` from `state` on (proc(5)'s third), or none once the process is gone. */
function stat(pid: number): string[] {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  } catch {
    return [];
  }
}

/** Seconds from two of those fields: utime + stime (11, 12) or, of children reaped, cutime + cstime (13, 14). */
const seconds = (fields: string[], first: number) => fields.length ? (Number(fields[first]) + Number(fields[first + 1])) / ticksPerSecond : 0;

/** User + system CPU seconds a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  return seconds(stat(pid), 11);
}

/**
 * CPU seconds of a cluster so far: its live processes, plus what its postmaster has reaped from
 * children that exited (autovacuum workers, a backend that closed).
 */
export function clusterCpuSeconds(dataDir: string): number {
  const pids = postgresPids(dataDir);
  return pids.reduce((sum, pid) => sum + cpuSeconds(pid), seconds(stat(pids[0]!), 13));
}

/** The postmaster of a data directory and all of its children (backends, writers). */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => Number(stat(pid)[1]) === postmaster);
  return [postmaster, ...children];
}
