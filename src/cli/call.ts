import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signRequest, type SigningKey } from '../signing/client.js';
import { runCli } from './run.js';

const help = `partner-call: one signed request (RFC 9421), printing the response body

Usage:
  partner-call [-i] [--as federation|club1|club2 | --key-id K (--secret S | --private-key FILE)]
               [--base-url URL] METHOD PATH [JSON]

  -i            print the status line and headers too
  --as NAME     a credential of the last \`partner-admin demo\` run (DATA_DIR/demo.json)
Environment: PARTNER_KEY_ID, PARTNER_SECRET, PARTNER_PRIVATE_KEY_FILE, PARTNER_BASE_URL
(default http://127.0.0.1:3020), DATA_DIR. Exit 0 for a 2xx answer, 1 otherwise.`;

class UsageError extends Error {}

interface DemoCredential { key_id: string; secret: string }

function demoKey(name: string): SigningKey {
  const file = path.join(path.resolve(process.env.DATA_DIR || '.data'), 'demo.json');
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
  if (keyFile) return { keyId, algorithm: 'rsa2', privateKey: readFileSync(keyFile, 'utf8') };
  throw new UsageError('--key-id needs --secret or --private-key');
}

async function call(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      i: { type: 'boolean', short: 'i' }, as: { type: 'string' }, 'key-id': { type: 'string' },
      secret: { type: 'string' }, 'private-key': { type: 'string' }, 'base-url': { type: 'string' },
    },
  });
  const [method, target, body] = positionals;
  if (!method || !target || positionals.length > 3) throw new UsageError(help);
  const base = (values['base-url'] as string | undefined) ?? process.env.PARTNER_BASE_URL ?? 'http://127.0.0.1:3020';
  const url = new URL(target, base);
  const headers = signRequest({
    method: method.toUpperCase(), url, key: keyFrom(values),
    ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
  });
  const response = await fetch(url, { method: method.toUpperCase(), headers, body });
  if (values.i) {
    process.stdout.write(`HTTP ${response.status} ${response.statusText}\n`);
    response.headers.forEach((value, name) => process.stdout.write(`${name}: ${value}\n`));
    process.stdout.write('\n');
  }
  process.stdout.write((await response.text()) + '\n');
  return response.ok ? 0 : 1;
}

runCli(['call', ...process.argv.slice(2)], help, {
  call: async (args) => {
    if (args.includes('--help') || args.includes('-h')) {
      process.stdout.write(help + '\n');
      return 0;
    }
    try {
      return await call(args);
    } catch (error) {
      if (!(error instanceof UsageError) && !(error instanceof TypeError && error.message.includes('parseArgs'))) throw error;
      process.stderr.write(error.message + '\n');
      return 2;
    }
  },
});
