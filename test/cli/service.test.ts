import t from 'tap';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import { createPool } from '../../src/db/pool.js';
import { checkSecretKey } from '../../src/startup.js';
import { signRequest } from '../../src/signing/client.js';
import { createClub } from '../support/factories.js';
import { serviceAt } from '../support/harness.js';
import { baseEnv, outputOf, root, run, shippedNodeFlags, start, waitForLine } from '../support/processes.js';

const sql = createPool(process.env.TEST_DATABASE_URL!, 2);
t.teardown(() => sql.end());
const masterKey = Buffer.from(process.env.PARTNER_SECRET_KEY!, 'base64');
// The suite's key seals the canary, whichever file starts a service first.
await migrate(sql);
await checkSecretKey(sql, masterKey);

function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = password;
  return u.toString();
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

// A port something else listens on.
const busy = await new Promise<{ port: number; server: net.Server }>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => resolve({ port: (server.address() as net.AddressInfo).port, server }));
});
t.teardown(() => busy.server.close());

t.test('bad configuration: one clear line on stderr, exit 2', async (t) => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['port', { PORT: 'abc' }, /PORT must be an integer/],
    ['master key', { PARTNER_SECRET_KEY: '' }, /PARTNER_SECRET_KEY is required/],
    ['short master key', { PARTNER_SECRET_KEY: 'c2hvcnQ=' }, /32 bytes/],
    ['tls file', { TLS_CERT_FILE: '/nonexistent.pem', TLS_KEY_FILE: '/nonexistent.key' }, /TLS_CERT_FILE is not a readable file/],
    ['log level', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    ['malformed DATABASE_URL', { DATABASE_URL: 'not-a-url' }, /DATABASE_URL must be a URL/],
    ['DATABASE_URL of another kind', { DATABASE_URL: 'mysql://u:p@127.0.0.1/db' }, /DATABASE_URL must be a URL/],
    ['wrong password', { DATABASE_URL: withPassword(process.env.TEST_DATABASE_URL!, 'wrong-password') }, /DATABASE_URL: the server refused the password/],
    ['missing database', { DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, 'no_such_database') }, /DATABASE_URL: the database does not exist/],
    ['another secret key', { PARTNER_SECRET_KEY: randomBytes(32).toString('base64') }, /PARTNER_SECRET_KEY is not the key the stored secrets were sealed with/],
    ['port in use', { PORT: String(busy.port), HOST: '127.0.0.1' }, new RegExp(`PORT ${busy.port} on HOST 127.0.0.1 is already in use`)],
  ];
  for (const [name, env, message] of cases) {
    const result = await run('partner-service', ['serve'], baseEnv(env));
    t.equal(result.code, 2, name);
    t.match(result.stderr, message, name);
    t.equal(result.stderr.trim().split('\n').length, 1, `${name}: one line`);
    t.notMatch(result.stderr, /wrong-password|not-a-url/, `${name}: the value is not echoed`);
  }
});

t.test('a fault\'s place in the log is a src/*.ts line (source maps, as the launchers enable them)', async (t) => {
  const script = `process.setSourceMapsEnabled(true);
    const { describeFault } = await import(${JSON.stringify(path.join(root, 'dist/src/http/log.js'))});
    const { parseSecretKey } = await import(${JSON.stringify(path.join(root, 'dist/src/config.js'))});
    try { parseSecretKey('short'); } catch (error) { process.stdout.write(JSON.stringify(describeFault(error))); }`;
  const { stdout } = await new Promise<{ stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('exit', () => resolve({ stdout: out }));
  });
  t.match(JSON.parse(stdout), { fault: 'Error', at: /\/src\/config\.ts:\d+:\d+/ });
  t.match(await readFile(path.join(root, 'bin', 'launch.cjs'), 'utf8'), /process\.setSourceMapsEnabled\(true\)/);
});

t.test('a database that is merely down: exit 1 after the bounded wait, so systemd retries', async (t) => {
  const started = Date.now();
  const result = await run('partner-service', ['serve'], baseEnv({ DATABASE_URL: `postgres://u:p@127.0.0.1:${await freePort()}/db`, DB_START_WAIT_S: '1' }));
  t.equal(result.code, 1);
  t.match(result.stderr, /^database unreachable at 127\.0\.0\.1:\d+ after 1 s \(ECONNREFUSED\)\n$/);
  t.ok(Date.now() - started < 15_000, 'bounded');
});

t.test('--version, a missing build and a closed pipe', async (t) => {
  for (const bin of ['partner-service', 'partner-admin', 'partner-call']) {
    const version = await run(bin, ['--version']);
    t.equal(version.code, 0, bin);
    t.match(version.stdout, new RegExp(`^${bin} \\d+\\.\\d+\\.\\d+\n$`));
  }
  // The launchers alone, without dist/ beside them.
  const bare = await mkdtemp(path.join(os.tmpdir(), 'partner-bare-'));
  t.teardown(() => rm(bare, { recursive: true, force: true }));
  await cp(path.join(root, 'bin'), path.join(bare, 'bin'), { recursive: true });
  const missing = await outputOf(spawn(process.execPath, [path.join(bare, 'bin', 'partner-admin'), 'demo']));
  t.equal(missing.code, 2);
  t.match(missing.stderr, /^partner-admin: not built \(no dist\/src\/cli\/admin\.js\): run npm ci or npm run build in .*\n$/);

  // `partner-service openapi | head -c 100`: the reader goes away early.
  const piped = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'bin', 'partner-service'), 'openapi'], { env: baseEnv() });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('exit', (code) => resolve({ code, stderr }));
  });
  t.equal(piped.stderr, '', 'no stack trace');
  t.equal(piped.code, 0);
});

t.test('partner-service, executed as systemd and npm start execute it, runs with the Node flags of its first line', async (t) => {
  // A preloaded module reports the flags Node was started with; the file itself is the command.
  const probe = 'data:text/javascript,process.stderr.write(JSON.stringify(process.execArgv))';
  const result = await outputOf(spawn(path.join(root, 'bin', 'partner-service'), ['--version'], { env: baseEnv({ NODE_OPTIONS: `--import=${probe}` }) }));
  t.equal(result.code, 0, result.stderr);
  t.match(result.stdout, /^partner-service \d+\.\d+\.\d+\n$/);
  t.same(JSON.parse(result.stderr), ['--max-semi-space-size=8']);
  t.same(shippedNodeFlags(path.join(root, 'bin', 'partner-service')), ['--max-semi-space-size=8'], 'what the tests and benches start it with');
});

t.test('migrate, openapi and --help', async (t) => {
  const migrated = await run('partner-service', ['migrate']);
  t.equal(migrated.code, 0);
  t.same(JSON.parse(migrated.stdout), { applied: [], matching_persons: [] }, 'idempotent: nothing left to apply, no persons to re-key');
  const openapi = await run('partner-service', ['openapi']);
  t.equal(openapi.code, 0);
  t.equal(JSON.parse(openapi.stdout).openapi, '3.1.0');
  for (const bin of ['partner-service', 'partner-admin', 'partner-call']) {
    const help = await run(bin, ['--help']);
    t.equal(help.code, 0, bin);
    t.match(help.stdout, bin, bin);
  }
  const unknown = await run('partner-service', ['frobnicate']);
  t.equal(unknown.code, 2);
  t.equal(unknown.stderr, 'usage error: unknown command "frobnicate" (see --help)\n');
});

t.test('serve: JSON request log without secrets; SIGTERM lets in-flight requests finish, exit 0', async (t) => {
  const child = start('partner-service', [], baseEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug' }));
  const listening = JSON.parse(await waitForLine(child, (l) => l.includes('"listening"')));
  const base = `http://127.0.0.1:${listening.port}`;
  const club = await createClub(serviceAt(base, sql, masterKey));
  t.equal((await club.call('GET', '/v1/me')).status, 200);
  t.equal((await fetch(`${base}/v1/me`)).status, 401);
  t.equal((await club.call('GET', '/v1/club/members?limit=0')).status, 400);

  // A request whose body is still arriving when SIGTERM comes.
  const body = JSON.stringify({ name: 'x'.repeat(2000) });
  const headers = signRequest({ method: 'POST', url: `${base}/v1/me`, body, headers: { 'content-type': 'application/json' }, key: club.key });
  const inFlight = new Promise<number>((resolve, reject) => {
    const req = http.request(`${base}/v1/me`, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.write(body.slice(0, 1000));
    setTimeout(() => {
      child.kill('SIGTERM');
      setTimeout(() => req.end(body.slice(1000)), 300);
    }, 200);
  });
  t.equal(await inFlight, 405, 'the in-flight request was answered');
  const { code, stdout } = await child.output;
  t.equal(code, 0);
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
  const requests = lines.filter((l) => l.message === 'request');
  t.ok(requests.length >= 2);
  t.match(requests[0], { method: 'GET', path: '/v1/me', operation: 'me.get', status: 200, key_id: club.keyId, workspace_id: club.id, remote_address: '127.0.0.1' });
  t.notOk('code' in requests[0], 'no code on a success');
  t.match(requests[1], { status: 401, code: 'signature_required', remote_address: '127.0.0.1' });
  t.match(requests[2], { status: 400, code: 'invalid_query', path: '/v1/club/members', workspace_id: club.id });
  for (const r of requests) t.equal(Math.round(r.duration_ms * 100) / 100, r.duration_ms, 'duration rounded to 0.01 ms');
  t.type(requests[0].sql_ms, 'number', 'debug: SQL time of the request');
  t.ok(requests[0].sql_queries >= 1, 'debug: at least the nonce insert');
  t.ok(requests[0].sql_ms <= requests[0].duration_ms);
  t.match(requests[0].request_id, /^req_/);
  t.equal(lines.at(-1).message, 'stopped');
  const secret = club.key.algorithm === 'hmac-sha256' ? club.key.secret : '';
  t.notMatch(stdout, secret, 'no secret');
  t.notMatch(stdout, headers.signature!.slice(6, 30), 'no signature');
  t.notMatch(stdout, 'xxxxxxxx', 'no body');
});
