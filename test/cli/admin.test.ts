import t from 'tap';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startService } from '../support/harness.js';
import { baseEnv, run } from '../support/processes.js';

const service = await startService(t);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'partner-admin-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));
const env = baseEnv({ DATA_DIR: dataDir, PARTNER_BASE_URL: service.url });
const admin = async (...args: string[]) => {
  const result = await run('partner-admin', args, env);
  return { ...result, json: result.code === 0 ? JSON.parse(result.stdout) : JSON.parse(result.stderr || 'null') };
};

t.test('workspace, operator and credential commands; refusals are flat errors, exit 1', async (t) => {
  const federation = await admin('workspace', 'create', '--kind', 'federation', '--name', 'CLI Federation', '--country', 'NL');
  t.equal(federation.code, 0);
  t.match(federation.json, { kind: 'federation', name: 'CLI Federation' });
  const orphan = await admin('workspace', 'create', '--kind', 'club', '--name', 'Orphan');
  t.equal(orphan.code, 1);
  t.match(orphan.json, { code: 'validation_failed', status: 422 });
  const club = await admin('workspace', 'create', '--kind', 'club', '--name', 'CLI Club', '--federation', federation.json.id, '--package', 'gold', '--flags', 'beta=on');
  t.equal(club.code, 0);
  const operator = await admin('operator', 'create', '--workspace', club.json.id, '--email', 'ops@cli.test', '--permissions', 'members.view');
  t.equal(operator.code, 0);
  const base = ['credential', 'issue', '--workspace', club.json.id, '--issuer', operator.json.id, '--label', 'CLI', '--algorithm', 'hmac-sha256'];
  const refused = await admin(...base, '--scopes', 'club:members:read,club:members:write,club:payouts:read');
  t.equal(refused.code, 1);
  t.equal(refused.stdout, '');
  t.match(refused.json, { code: 'rule_violation', reason: 'scopes_refused' });
  t.same(refused.json.errors.map((e: { reason: string }) => e.reason), ['scope_not_permitted', 'scope_unmapped']);
  const issued = await admin(...base, '--scopes', 'club:members:read', '--rate-limit', '50');
  t.equal(issued.code, 0);
  t.match(issued.json, { algorithm: 'hmac-sha256', scopes: ['club:members:read'] });
  t.match(issued.json.secret, /^sk_/);
  const listed = await admin('credential', 'list', '--workspace', club.json.id);
  t.equal(listed.json.length, 1);
  t.notMatch(listed.stdout, issued.json.secret, 'list never prints secrets');
  t.match(listed.json[0], { key_id: issued.json.key_id, status: 'active', rate_limit: 50 });
  const revoked = await admin('credential', 'revoke', '--key-id', issued.json.key_id);
  t.same(revoked.json, { key_id: issued.json.key_id, status: 'revoked' });
  t.equal((await admin('credential', 'revoke', '--key-id', 'pk_missing')).code, 1);
  for (const args of [
    ['credential', 'issue', '--workspace', club.json.id],
    ['operator', 'create', '--bogus', 'x'],
    ['workspace', 'create', '--kind', 'team', '--name', 'X'],
    ['credential', 'issue', ...base.slice(2), '--scopes', 'club:members:read', '--rate-limit', '-3'],
    ['credential', 'frobnicate'],
    ['frobnicate'],
  ]) {
    const usage = await run('partner-admin', args, env);
    t.equal(usage.code, 2, `usage error: ${args.join(' ')}`);
    t.equal(usage.stdout, '');
    t.equal(usage.stderr.trim().split('\n').length, 1, 'one line');
    t.notMatch(usage.stderr, /\bat \w+ \(|node:internal/, 'no stack trace');
  }
});

t.test('demo, then partner-call --as', async (t) => {
  const demo = await admin('demo');
  t.equal(demo.code, 0);
  t.match(demo.json, { federation: { id: String, name: String, operator_id: String, season_id: String, category_id: String, credential: { key_id: String, secret: String } } });
  t.equal(demo.json.clubs.length, 2);
  t.same(JSON.parse(await readFile(path.join(dataDir, 'demo.json'), 'utf8')), demo.json);
  const second = await admin('demo');
  t.not(second.json.federation.id, demo.json.federation.id, 'each run is independent');

  const me = await run('partner-call', ['--as', 'club1', 'GET', '/v1/me'], env);
  t.equal(me.code, 0);
  t.match(JSON.parse(me.stdout).data, { workspace: { id: second.json.clubs[0].id, kind: 'club' } });
  const verbose = await run('partner-call', ['-i', '--as', 'federation', 'GET', '/v1/club/changes'], env);
  t.equal(verbose.code, 1, 'non-2xx exits 1');
  t.match(verbose.stdout, /^HTTP 404/);
  t.match(verbose.stdout, /x-request-id: /);
  const explicit = await run('partner-call', ['--key-id', second.json.clubs[1].credential.key_id, '--secret', second.json.clubs[1].credential.secret, 'GET', '/v1/me'], env);
  t.equal(explicit.code, 0);
  t.equal((await run('partner-call', ['GET', '/v1/me'], baseEnv({ DATA_DIR: dataDir }))).code, 2, 'no key: usage error');
});
