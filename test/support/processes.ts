// The executables in bin/, run as child processes the way an operator or systemd runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');

export interface Finished { code: number | null; stdout: string; stderr: string }

export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
    PARTNER_SECRET_KEY: process.env.PARTNER_SECRET_KEY ?? '',
    NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE ?? '',
    // Services started by tests deliver no webhooks unless asked: they would take other files' messages.
    WEBHOOK_CONCURRENCY: '0',
    ...extra,
  };
}

/**
 * The environment for a tool the suite runs but does not measure (npm, tsc, the linters): coverage
 * off, since instrumenting their large bundles costs seconds of CPU each and measures none of the
 * service. It must be set empty: node copies its own NODE_V8_COVERAGE into any child environment
 * that lacks the variable.
 */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NODE_V8_COVERAGE: '', ...extra };
}

/** The Node flags an executable's first line gives it (`#!/usr/bin/env -S node --flag`), so it runs here as it is shipped. */
export function shippedNodeFlags(file: string): string[] {
  const words = readFileSync(file, 'utf8').split('\n', 1)[0]!.split(/\s+/);
  return words.slice(words.indexOf('node') + 1);
}

/** What a child writes on stdout and stderr, and its exit code, once it exits. */
export function outputOf(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c) => (stdout += c));
  child.stderr!.on('data', (c) => (stderr += c));
  return new Promise<Finished>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

export function start(bin: string, args: string[], env: Record<string, string>): ChildProcess & { output: Promise<Finished> } {
  const file = path.join(root, 'bin', bin);
  const child = spawn(process.execPath, [...shippedNodeFlags(file), file, ...args], { cwd: root, env });
  return Object.assign(child, { output: outputOf(child) });
}

export function run(bin: string, args: string[], env: Record<string, string> = baseEnv()): Promise<Finished> {
  return start(bin, args, env).output;
}

/** Resolves with the first stdout line that satisfies `test`. */
export function waitForLine(child: ChildProcess, test: (line: string) => boolean, ms = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('timed out waiting for output')), ms);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk;
      for (const line of buffer.split('\n').slice(0, -1)) {
        if (test(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    });
  });
}
