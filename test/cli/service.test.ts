import t from 'tap';
import http from 'node:http';
import { createPool } from '../../src/db/pool.js';
import { signRequest } from '../../src/signing/client.js';
import { createClub } from '../support/factories.js';
import { serviceAt } from '../support/harness.js';
import { baseEnv, run, start, waitForLine } from '../support/processes.js';

const sql = createPool(process.env.TEST_DATABASE_URL!, 2);
t.teardown(() => sql.end());
const masterKey = Buffer.from(process.env.PARTNER_SECRET_KEY!, 'base64');

t.test('bad configuration: one clear line on stderr, exit 2', async (t) => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['port', { PORT: 'abc' }, /PORT must be an integer/],
    ['master key', { PARTNER_SECRET_KEY: '' }, /PARTNER_SECRET_KEY is required/],
    ['short master key', { PARTNER_SECRET_KEY: 'c2hvcnQ=' }, /32 bytes/],
    ['tls file', { TLS_CERT_FILE: '/nonexistent.pem', TLS_KEY_FILE: '/nonexistent.key' }, /TLS_CERT_FILE is not a readable file/],
    ['log level', { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
  ];
  for (const [name, env, message] of cases) {
    const result = await run('partner-service', ['serve'], baseEnv(env));
    t.equal(result.code, 2, name);
    t.match(result.stderr, message, name);
    t.equal(result.stderr.trim().split('\n').length, 1, `${name}: one line`);
  }
});

t.test('migrate, openapi and --help', async (t) => {
  const migrated = await run('partner-service', ['migrate']);
  t.equal(migrated.code, 0);
  t.same(JSON.parse(migrated.stdout), { applied: [] }, 'idempotent: nothing left to apply');
  const openapi = await run('partner-service', ['openapi']);
  t.equal(openapi.code, 0);
  t.equal(JSON.parse(openapi.stdout).openapi, '3.1.0');
  for (const bin of ['partner-service', 'partner-admin', 'partner-call']) {
    const help = await run(bin, ['--help']);
    t.equal(help.code, 0, bin);
    t.match(help.stdout, bin, bin);
  }
  t.equal((await run('partner-service', ['frobnicate'])).code, 2);
});

t.test('serve: JSON request log without secrets; SIGTERM lets in-flight requests finish, exit 0', async (t) => {
  const child = start('partner-service', [], baseEnv({ PORT: '0', HOST: '127.0.0.1' }));
  const listening = JSON.parse(await waitForLine(child, (l) => l.includes('"listening"')));
  const base = `http://127.0.0.1:${listening.port}`;
  const club = await createClub(serviceAt(base, sql, masterKey));
  t.equal((await club.call('GET', '/v1/me')).status, 200);

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
  t.match(requests[0], { method: 'GET', path: '/v1/me', operation: 'me.get', status: 200, key_id: club.keyId });
  t.type(requests[0].duration_ms, 'number');
  t.match(requests[0].request_id, /^req_/);
  t.equal(lines.at(-1).message, 'stopped');
  const secret = club.key.algorithm === 'hmac-sha256' ? club.key.secret : '';
  t.notMatch(stdout, secret, 'no secret');
  t.notMatch(stdout, headers.signature!.slice(6, 30), 'no signature');
  t.notMatch(stdout, 'xxxxxxxx', 'no body');
});
