// `partner-admin webhook …` as an operator runs it: JSON on stdout, refusals exit 1 with the flat
// error naming the option and nothing stored, usage mistakes exit 2. Every command names the acting
// operator, who reaches only the endpoints of the workspace their permissions allow.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BlockList } from 'node:net';
import { open } from '../../src/auth/secret-box.js';
import { createOperator } from '../../src/console/workspaces.js';
import { problem, type ApiError } from '../../src/errors.js';
import { addEndpoint } from '../../src/webhooks/registry.js';
import { createClub, createFederation } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { baseEnv, run } from '../support/processes.js';
import { managed } from '../support/webhook-endpoints.js';

const service = await startService(t);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhook-admin-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));
const env = baseEnv({ DATA_DIR: dataDir });
const admin = async (...args: string[]) => {
  const result = await run('partner-admin', ['webhook', ...args], env);
  return { ...result, json: result.code === 0 ? JSON.parse(result.stdout) : result.code === 1 ? JSON.parse(result.stderr) : undefined };
};
const endpointsOf = async (workspaceId: string) =>
  (await service.sql<[{ n: number }]>`select count(*)::int as n from webhook_endpoints where workspace_id = ${workspaceId}`)[0].n;

t.test('add, list, rotate-secret, deliveries, replay, enable, remove', async (t) => {
  const club = await createClub(service);
  const as = ['--issuer', club.operatorId];
  const added = await admin('add', '--workspace', club.id, ...as, '--url', 'https://hooks.example.org/partner', '--events', 'member.created,member.archived');
  t.equal(added.code, 0);
  t.same(Object.keys(added.json).sort(), ['events', 'id', 'secret', 'status', 'url', 'workspace_id']);
  t.match(added.json, { workspace_id: club.id, url: 'https://hooks.example.org/partner', events: ['member.created', 'member.archived'], status: 'enabled', secret: /^whsec_/ });
  const [row] = await service.sql`select secret_sealed from webhook_endpoints where id = ${added.json.id}`;
  t.equal(open(service.masterKey, row!.secret_sealed), added.json.secret, 'the secret is stored sealed with PARTNER_SECRET_KEY');
  t.notMatch(row!.secret_sealed.toString('latin1'), added.json.secret.slice(6));

  const listed = await admin('list', '--workspace', club.id, ...as);
  t.match(listed.json, [{ id: added.json.id, events: ['member.created', 'member.archived'], status: 'enabled' }]);
  t.notMatch(listed.stdout, added.json.secret.slice(6), 'list never prints a secret');
  t.same((await admin('add', '--workspace', club.id, ...as, '--url', 'https://x.example.org')).json.events, ['*'], 'every event by default');

  const rotated = await admin('rotate-secret', ...as, '--id', added.json.id);
  t.match(rotated.json, { id: added.json.id, secret: /^whsec_/ });
  t.ok(Date.parse(rotated.json.previous_secret_until) - Date.now() > 23 * 3600_000, 'the old secret signs for 24 h more');
  t.same((await admin('deliveries', ...as, '--id', added.json.id, '--failed', '--limit', '5')).json, []);
  t.match((await admin('replay', ...as, '--id', added.json.id, '--after', '0')).json, { id: added.json.id, after: '0', requeued: 0 });
  t.match((await admin('enable', ...as, '--id', added.json.id)).json, { id: added.json.id, status: 'enabled' });
  t.same((await admin('remove', ...as, '--id', added.json.id)).json, { id: added.json.id, status: 'removed' });
  t.match(await admin('remove', ...as, '--id', added.json.id), { code: 1, json: { code: 'not_found' } });
});

// Every refusal of the table through the registry in-process (the command's own code, without a
// process start each); the command itself for a few, and for the parsing of --events.
t.test('add refuses what it cannot deliver safely, naming the option; nothing is stored', async (t) => {
  const club = await createClub(service);
  const policy = { allowHttp: false, allowed: new BlockList(), endpointsMax: 10 };
  const refusalOf = (url: string, events?: string[]) =>
    addEndpoint(service.sql, service.masterKey, policy, managed(club), { url, events }).then(() => undefined, (error: ApiError) => problem(error, 'cli'));
  const urls: [url: string, message: RegExp][] = [
    ['http://hooks.example.org', /^the URL must be https$/],
    [`https://hooks.example.org/${'a'.repeat(2030)}`, /at most 2048 characters, not 2056/],
    [`https://hooks.example.org/${'a'.repeat(100_000)}`, /at most 2048 characters/],
    [`https://${'h'.repeat(2560)}.example.org/`, /at most 2048 characters/],
    [`https://${'h'.repeat(250)}.example.org/`, /host name must be at most 253/],
    ['https://hooks.example.org:0/', /port must be from 1 to 65535, not 0/],
    ['https://hooks.example.org:65536/', /port must be from 1 to 65535, not 65536/],
    ['https://user:pw@hooks.example.org/', /user info/],
    ['https://user@hooks.example.org/', /user info/],
    [' https://hooks.example.org/', /white space.*U\+0020 at 0/],
    ['https://hooks.example.org/a b', /U\+0020/],
    ['https://hooks.example.org/\t', /U\+0009/],
    ['https://hooks.example.org/\r\nX: y', /U\+000D/],
    ['https://hooks.example.org/\u0001', /U\+0001/],
    ['https://hooks.example.org/\u007f', /U\+007F/],
    ['https://hooks.example.org/\u202Egnp.exe', /bidi.*U\+202E/],
    ['https://hooks.example.org/\u2066x', /U\+2066/],
    ['https://hooks.example.org/\u200Bx', /U\+200B/],
    ['https://127.0.0.1:8443/hook', /127\.0\.0\.1 is in 127\.0\.0\.0\/8, Loopback/],
    ['https://[::7f00:1]/', /carries 127\.0\.0\.1/],
    ['https://[::ffff:0:7f00:1]/', /carries 127\.0\.0\.1/],
    ['https://[64:ff9b::7f00:1]/', /carries 127\.0\.0\.1/],
    ['https://[64:ff9b::a9fe:a9fe]/', /carries 169\.254\.169\.254/],
    ['https://10.0.0.1/', /Private-Use/],
  ];
  for (const [url, message] of urls) {
    t.match(await refusalOf(url), { code: 'validation_failed', status: 422, detail: /^--url: /, errors: [{ path: '/url', message }] }, JSON.stringify(url.slice(0, 60)));
  }
  const events: [events: string[], path: string, message: RegExp][] = [
    [['foo.bar'], '/events/0', /"foo\.bar" is not an event type/],
    [['member.created', 'Nope'], '/events/1', /"Nope" is not an event type/],
    [['member.created', 'member.created'], '/events/1', /given twice/],
    [[], '/events', /the event list is empty/],
    [['*', 'member.created'], '/events/0', /stands alone/],
    [Array.from({ length: 10_000 }, (_, i) => `x${i}.y`), '/events/0', /not an event type/],
  ];
  for (const [given, path, message] of events) {
    t.match(await refusalOf('https://hooks.example.org/', given), { code: 'validation_failed', detail: /^--events: /, errors: [{ path, message }] }, `events ${given.slice(0, 3).join(',')}`);
  }

  const add = (args: readonly string[]) => admin('add', '--workspace', club.id, '--issuer', club.operatorId, '--url', ...args);
  for (const [args, path] of [
    [['http://hooks.example.org'], '/url'], [['https://hooks.example.org/\u202Eexe'], '/url'], [['https://[::7f00:1]/'], '/url'],
    [['https://hooks.example.org/', '--events', ''], '/events'], [['https://hooks.example.org/', '--events', ','], '/events'],
    [['https://hooks.example.org/', '--events', 'member.created,member.created'], '/events/1'],
  ] as const) {
    t.match(await add(args), { code: 1, stdout: '', json: { code: 'validation_failed', errors: [{ path }] } }, `partner-admin webhook add --url ${JSON.stringify(args)}`);
  }
  t.equal(await endpointsOf(club.id), 0, 'nothing was stored');
});

t.test('a workspace has at most WEBHOOK_ENDPOINTS_MAX endpoints', async (t) => {
  const club = await createClub(service);
  const add = () => run('partner-admin', ['webhook', 'add', '--workspace', club.id, '--issuer', club.operatorId, '--url', 'https://hooks.example.org/'], { ...env, WEBHOOK_ENDPOINTS_MAX: '2' });
  t.equal((await add()).code, 0);
  t.equal((await add()).code, 0);
  const third = await add();
  t.equal(third.code, 1);
  t.match(JSON.parse(third.stderr), { code: 'rule_violation', detail: /^--workspace: workspace \d+ has 2 endpoints, the most WEBHOOK_ENDPOINTS_MAX allows \(2\)/, errors: [{ path: '/workspace', reason: 'endpoints_max' }] });
  t.equal(await endpointsOf(club.id), 2);
});

t.test('an operator manages only the endpoints of the workspace their permissions allow', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const sibling = await createClub(service, federation);
  const stranger = await createClub(service);
  const viewer = await createOperator(service.sql, { workspaceId: club.id, email: `view-${club.id}@example.org`, permissions: ['club.view'] });
  const clerk = await createOperator(service.sql, { workspaceId: club.id, email: `clerk-${club.id}@example.org`, permissions: ['members.manage'] });
  const endpoint = (await admin('add', '--workspace', club.id, '--issuer', viewer.id, '--url', 'https://hooks.example.org/')).json;
  t.match(endpoint, { workspace_id: club.id }, 'club.view (what club:changes:read needs) is enough');

  // The same club, without the permission: refused, naming why.
  const lacking = await admin('add', '--workspace', club.id, '--issuer', clerk.id, '--url', 'https://hooks.example.org/2');
  t.match(lacking, { code: 1, json: { code: 'action_not_permitted', detail: /may not manage the webhooks of workspace \d+: they deliver club:changes:read/ } });
  const byId = [['remove', '--id', endpoint.id], ['rotate-secret', '--id', endpoint.id], ['replay', '--id', endpoint.id, '--after', '0'], ['deliveries', '--id', endpoint.id], ['enable', '--id', endpoint.id]];
  // Each command is its own process: they run side by side.
  const each = (commands: string[][], issuer: string) => Promise.all(commands.map(async (args) => ({ args, result: await admin(...args, '--issuer', issuer) })));
  for (const { args, result } of await each([['list', '--workspace', club.id], ...byId], clerk.id)) {
    t.match(result, { code: 1, json: { code: 'action_not_permitted' } }, `${args[0]} by an operator without club.view`);
  }
  // Operators of the same federation (its own workspace, another club) and of another federation.
  for (const [who, operator] of [['the federation', federation.operatorId], ['a sibling club', sibling.operatorId], ['another federation', stranger.operatorId]] as const) {
    t.match(await admin('add', '--workspace', club.id, '--issuer', operator, '--url', 'https://hooks.example.org/3'), { code: 1, json: { code: 'not_found', detail: `no operator ${operator} in workspace ${club.id}` } }, `add by ${who}`);
    t.match(await admin('list', '--workspace', club.id, '--issuer', operator), { code: 1, json: { code: 'not_found' } }, `list by ${who}`);
    for (const { args, result } of await each(byId, operator)) {
      t.match(result, { code: 1, json: { code: 'not_found', detail: `no webhook endpoint ${endpoint.id}` } }, `${args[0]} by ${who}`);
    }
    t.same((await admin('list', '--workspace', operator === stranger.operatorId ? stranger.id : operator === sibling.operatorId ? sibling.id : federation.id, '--issuer', operator)).json, [], `${who} lists only its own`);
  }
  t.match(await admin('list', '--workspace', club.id, '--issuer', '999999999'), { code: 1, json: { code: 'not_found' } }, 'an unknown operator');
  const [row] = await service.sql`select secret_sealed, previous_secret_sealed from webhook_endpoints where id = ${endpoint.id}`;
  t.match(row, { previous_secret_sealed: null }, 'no refused rotate changed the secret');
  t.equal(await endpointsOf(club.id), 1, 'no refused add stored, no refused remove removed');
});

t.test('usage mistakes exit 2 with one line', async (t) => {
  const club = await createClub(service);
  for (const args of [
    ['add', '--url', 'https://h.example.org', '--issuer', club.operatorId], ['add', '--workspace', club.id, '--url', 'https://h.example.org'],
    ['list', '--workspace', club.id], ['remove', '--id', '1'], ['replay', '--id', '1', '--issuer', club.operatorId],
    ['deliveries', '--id', '1', '--issuer', club.operatorId, '--limit', '0'], ['frobnicate'], ['remove'],
  ]) {
    const usage = await admin(...args);
    t.equal(usage.code, 2, args.join(' '));
    t.equal(usage.stderr.trim().split('\n').length, 1);
  }
  t.match(await admin('replay', '--issuer', club.operatorId, '--id', '1', '--after', 'abc'), { code: 1, json: { code: 'validation_failed' } });
  const help = await run('partner-admin', ['--help'], env);
  t.match(help.stdout, /webhook add --workspace ID --issuer OPERATOR_ID --url URL \[--events/);
});
