import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataDirOf } from '../config.js';
import { signRequest, type SigningKey } from '../signing/client.js';
import { runCli, UsageError } from './run.js';

const help = `partner-call: one signed request (RFC 9421), printing the response body

Usage:
  partner-call [-i] [--as federation|club1|club2 | --key-id K (--secret S | --private-key FILE)]
               [--base-url URL] METHOD PATH [JSON]

  -i            print the status line and headers too
  --as NAME     a credential of the last \`partner-admin demo\` run (DATA_DIR/demo.json)
Environment: PARTNER_KEY_ID, PARTNER_SECRET, PARTNER_PRIVATE_KEY_FILE, PARTNER_BASE_URL
(default http://127.0.0.1:3020), DATA_DIR. A service that does not accept connections yet is
retried for up to 30 s. Exit 0 for a 2xx answer, 1 otherwise, 2 for a usage mistake.`;

interface DemoCredential { key_id: string; secret: string }

function demoKey(name: string): SigningKey {
  const file = path.join(dataDirOf(), 'demo.json');
  let demo: { federation: { credential: DemoCredential }; clubs: { credential: DemoCredential }[] };
  try {
    demo = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new UsageError(`no demo credentials in ${file}: run partner-admin demo first`);
  }
  const credential = name === 'federation' ? demo.federation.credential
    : name === 'club1' ? demo.clubs[0]?.credential
    : name === 'club2' ? demo.clubs[1]?.credential
    : undefined;
  if (!credential) throw new UsageError('--as takes federation, club1 or club2');
  return { keyId: credential.key_id, algorithm: 'hmac-sha256', secret: credential.secret };
}

function keyFrom(o: Record<string, string | boolean | undefined>): SigningKey {
  if (typeof o.as === 'string') return demoKey(o.as);
  const keyId = (o['key-id'] as string | undefined) ?? process.env.PARTNER_KEY_ID;
  const secret = (o.secret as string | undefined) ?? process.env.PARTNER_SECRET;
  const keyFile = (o['private-key'] as string | undefined) ?? process.env.PARTNER_PRIVATE_KEY_FILE;
  if (!keyId) throw new UsageError('no key: use --as, or --key-id with --secret or --private-key');
  if (secret) return { keyId, algorithm: 'hmac-sha256', secret };
  if (keyFile) {
    try {
      return { keyId, algorithm: 'rsa2', privateKey: readFileSync(keyFile, 'utf8') };
    } catch {
      throw new UsageError(`--private-key ${keyFile} is not a readable file`);
    }
  }
  throw new UsageError('--key-id needs --secret or --private-key');
}

const refused = (error: unknown) => ((error as { cause?: { code?: string } }).cause?.code) === 'ECONNREFUSED';

/** Signs and sends; a refused connection (the service still starting) is retried with a fresh signature. */
async function send(method: string, url: URL, key: SigningKey, body: string | undefined): Promise<Response> {
  const until = Date.now() + 30_000;
  for (;;) {
    const headers = signRequest({ method, url, key, ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}) });
    try {
      return await fetch(url, { method, headers, body });
    } catch (error) {
      if (!refused(error) || Date.now() > until) throw new Error(`${url.origin}: ${refused(error) ? 'connection refused' : (error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

function options(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      options: {
        i: { type: 'boolean', short: 'i' }, help: { type: 'boolean', short: 'h' }, as: { type: 'string' }, 'key-id': { type: 'string' },
        secret: { type: 'string' }, 'private-key': { type: 'string' }, 'base-url': { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function urlOf(base: string, target: string): URL {
  try {
    return new URL(target, base);
  } catch {
    throw new UsageError(`${target} on ${base} is not a URL`);
  }
}

async function call(args: string[]): Promise<number> {
  const { values, positionals } = options(args);
  if (values.help) {
    process.stdout.write(help + '\n');
    return 0;
  }
  const [method, target, body] = positionals;
  if (!method || !target || positionals.length > 3) throw new UsageError('partner-call [-i] METHOD PATH [JSON]');
  const base = (values['base-url'] as string | undefined) ?? process.env.PARTNER_BASE_URL ?? 'http://127.0.0.1:3020';
  const response = await send(method.toUpperCase(), urlOf(base, target), keyFrom(values), body);
  if (values.i) {
    process.stdout.write(`HTTP ${response.status} ${response.statusText}\n`);
    response.headers.forEach((value, name) => process.stdout.write(`${name}: ${value}\n`));
    process.stdout.write('\n');
  }
  process.stdout.write((await response.text()) + '\n');
  return response.ok ? 0 : 1;
}

// Everything but a leading --help or --version belongs to the one command.
const argv = process.argv.slice(2);
runCli('partner-call', ['--help', '-h', '--version', '-V'].includes(argv[0] ?? '') ? argv : ['call', ...argv], help, { call });
