// Headless Chromium (Debian's `chromium`) driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: commands on fd 3, answers on fd 4, each message ending in NUL), so a
// test can open a page and read what it rendered without a WebSocket client or a port.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The browser's version line, or undefined when it cannot run here. */
export function chromiumVersion(): string | undefined {
  const result = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

export interface Browser {
  /** Opens `url` in a new tab and returns what `expression` (awaited, returned by value) gives there. */
  evaluate<T>(url: string, expression: string): Promise<T>;
  close(): Promise<void>;
}

interface Message { id?: number; result?: Record<string, unknown>; error?: { message: string } }

export async function openBrowser(): Promise<Browser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'partner-chromium-'));
  const child = spawn(chromiumPath, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--disable-sync', '--no-first-run', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const input = child.stdio[3] as Writable;
  const output = child.stdio[4] as Readable;

  const pending = new Map<number, { resolve(m: Message): void; reject(e: Error): void }>();
  let buffered = '';
  output.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString()).split('\0');
    buffered = parts.pop()!;
    for (const part of parts) {
      const message = JSON.parse(part) as Message;
      if (message.id !== undefined) pending.get(message.id)?.resolve(message);
    }
  });
  void exited.then(() => {
    for (const { reject } of pending.values()) reject(new Error(`chromium exited: ${stderr.slice(-2000)}`));
  });

  let next = 0;
  async function send(method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = ++next;
    const answer = new Promise<Message>((resolve, reject) => pending.set(id, { resolve, reject }));
    input.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    const message = await answer;
    pending.delete(id);
    if (message.error) throw new Error(`${method}: ${message.error.message}`);
    return message.result!;
  }

  return {
    async evaluate<T>(url: string, expression: string): Promise<T> {
      const { targetId } = await send('Target.createTarget', { url: 'about:blank' }) as { targetId: string };
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true }) as { sessionId: string };
      // Answered once the new document is committed: the expression then runs in it (and waits for what it needs).
      await send('Page.navigate', { url }, sessionId);
      const { result, exceptionDetails } = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId) as
        { result: { value: T }; exceptionDetails?: { exception?: { description?: string }; text: string } };
      await send('Target.closeTarget', { targetId });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await exited;
      await rm(profile, { recursive: true, force: true });
    },
  };
}
