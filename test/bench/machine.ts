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

/** User + system CPU seconds a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of a cluster so far: its live processes, plus what its postmaster has reaped from
 * children that exited (autovacuum workers, a backend that closed).
 */
export function clusterCpuSeconds(dataDir: string): number {
  const [postmaster, ...children] = postgresPids(dataDir);
  let reaped = 0;
  try {
    const stat = readFileSync(`/proc/${postmaster}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    reaped = (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    // The postmaster is gone: nothing more to count.
  }
  return [postmaster!, ...children].reduce((sum, pid) => sum + cpuSeconds(pid), reaped);
}

/** The postmaster of a data directory and all of its children (backends, writers). */
export function postgresPids(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...children];
}
