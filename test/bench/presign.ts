// Signed requests made before a scenario's clock starts, on worker threads over every CPU: a
// partner signs on its own machine, so the signing must not compete with the server here. RSA
// signing costs ~0.9 ms per request, more than the server's whole work for one.
import { createPrivateKey, randomBytes } from 'node:crypto';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { signRequest, type SigningKey } from '../../src/signing/client.js';
import type { Shot } from './load.js';
import type { KeySpec } from './setup.js';

export interface Template {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** What a load thread needs to sign more requests if the signed ones run out. */
export interface Late {
  base: string;
  key: KeySpec;
  templates: Template[];
}

interface Job { base: string; key: KeySpec; templates: Template[]; count: number; offset: number }

export function signingKey(key: KeySpec): SigningKey {
  return key.algorithm === 'rsa2' ? { keyId: key.keyId, algorithm: 'rsa2', privateKey: createPrivateKey(key.privateKeyPem) } : key;
}

export function shot(base: string, key: SigningKey, template: Template): Shot {
  const headers = signRequest({
    method: template.method, url: base + template.path, body: template.body, key,
    headers: template.body === undefined ? {} : { 'content-type': 'application/json' },
    nonce: randomBytes(16).toString('base64url'),
  });
  return { method: template.method, path: template.path, headers: { ...headers, host: new URL(base).host }, body: template.body };
}

function signMany(job: Job): Shot[] {
  const key = signingKey(job.key);
  return Array.from({ length: job.count }, (_, i) => shot(job.base, key, job.templates[(job.offset + i) % job.templates.length]!));
}

/** `count` signed requests cycling through `templates`. */
export async function presign(base: string, key: KeySpec, templates: Template[], count: number): Promise<Shot[]> {
  const workers = Math.max(1, os.cpus().length);
  const share = Math.ceil(count / workers);
  const parts = await Promise.all(Array.from({ length: workers }, (_, w) => new Promise<Shot[]>((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: { presign: { base, key, templates, count: share, offset: w * share } satisfies Job } });
    worker.once('message', resolve);
    worker.once('error', reject);
  })));
  return parts.flat();
}

// Imported by the load threads too: only a thread started here signs.
const job = isMainThread ? undefined : (workerData as { presign?: Job }).presign;
if (job) parentPort!.postMessage(signMany(job));
