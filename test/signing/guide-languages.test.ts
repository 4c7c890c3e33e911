// The partner guide's Python and OpenSSL/curl examples (src/openapi/guide/signing.md), extracted and run against the
// service, so they cannot rot: each signs a GET and a POST with Content-Digest and must get 200
// and 201. A machine without python3 (or openssl and curl) skips that example and says why.
import t from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClub } from '../support/factories.js';
import { startService } from '../support/harness.js';

const guide = readFileSync(path.resolve(import.meta.dirname, '../../../src/openapi/guide/signing.md'), 'utf8');

function block(marker: string, language: string): string {
  const m = new RegExp(`<!-- ${marker}:[^\\n]*-->\\n\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\`\\n<!-- /${marker} -->`).exec(guide);
  if (!m) throw new Error(`the signing guide has no ${marker} block`);
  return m[1]!;
}

const has = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

const service = await startService(t);

async function run(command: string, args: string[], source: string) {
  const club = await createClub(service);
  const env = { ...process.env, PARTNER_URL: service.url, PARTNER_KEY_ID: club.keyId, PARTNER_SECRET: club.key.algorithm === 'hmac-sha256' ? club.key.secret : '' };
  // Asynchronously: the service answers from this very process.
  const child = spawn(command, args, { env, timeout: 30_000 });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin.end(source);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const result = { status, stdout, stderr };
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from members where club_id = ${club.id} and last_name = 'Lovelace'`;
  return { ...result, created: row!.n };
}

t.test('the Python example signs a GET and a POST that the service accepts', async (t) => {
  const source = block('python-example', 'python');
  t.notMatch(source, /^\s*(import|from)\s+(requests|httpx|cryptography)\b/m, 'standard library only');
  if (!has('python3')) {
    console.log('# skipped: python3 is not installed, so the Python example of the signing guide was not run');
    t.pass('skipped: python3 is not installed');
    return;
  }
  const result = await run('python3', ['-'], source);
  t.equal(result.status, 0, result.stderr);
  t.match(result.stdout, /^GET \/v1\/me 200 /m);
  t.match(result.stdout, /^POST \/v1\/club\/members 201 \d+$/m);
  t.notMatch(result.stdout, /we signed/, 'no signature needed explaining');
  t.equal(result.created, 1, 'the member exists');
});

t.test('the OpenSSL and curl example makes the same two requests', async (t) => {
  const source = block('shell-example', 'sh');
  if (!has('openssl') && spawnSync('openssl', ['version']).status !== 0) {
    console.log('# skipped: openssl is not installed');
    t.pass('skipped: openssl is not installed');
    return;
  }
  if (!has('curl') || !has('bash')) {
    console.log('# skipped: curl or bash is not installed');
    t.pass('skipped: curl or bash is not installed');
    return;
  }
  const result = await run('bash', ['-e'], source);
  t.equal(result.status, 0, result.stderr);
  t.same(result.stdout.trim().split('\n'), ['GET /v1/me 200', 'POST /v1/club/members 201']);
  t.equal(result.created, 1, 'the member exists');
});
