// `partner-admin webhook …` as an operator runs it: JSON on stdout, refusals exit 1, usage exit 2.
import t from 'tap';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { open } from '../../src/auth/secret-box.js';
import { createClub } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { baseEnv, run } from '../support/processes.js';

const service = await startService(t);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'webhook-admin-'));
t.teardown(() => rm(dataDir, { recursive: true, force: true }));
const env = baseEnv({ DATA_DIR: dataDir });
const admin = async (...args: string[]) => {
  const result = await run('partner-admin', ['webhook', ...args], env);
  return { ...result, json: result.code === 0 ? JSON.parse(result.stdout) : result.code === 1 ? JSON.parse(result.stderr) : undefined };
};

t.test('add, list, rotate-secret, deliveries, replay, enable, remove', async (t) => {
  const club = await createClub(service);
  const added = await admin('add', '--workspace', club.id, '--url', 'https://hooks.example.org/partner', '--events', 'member.created,member.archived');
  t.equal(added.code, 0);
  t.same(Object.keys(added.json).sort(), ['events', 'id', 'secret', 'status', 'url', 'workspace_id']);
  t.match(added.json, { workspace_id: club.id, url: 'https://hooks.example.org/partner', events: ['member.created', 'member.archived'], status: 'enabled', secret: /^whsec_/ });
  const [row] = await service.sql`select secret_sealed from webhook_endpoints where id = ${added.json.id}`;
  t.equal(open(service.masterKey, row!.secret_sealed), added.json.secret, 'the secret is stored sealed with PARTNER_SECRET_KEY');
  t.notMatch(row!.secret_sealed.toString('latin1'), added.json.secret.slice(6));

  const listed = await admin('list', '--workspace', club.id);
  t.match(listed.json, [{ id: added.json.id, events: ['member.created', 'member.archived'], status: 'enabled' }]);
  t.notMatch(listed.stdout, added.json.secret.slice(6), 'list never prints a secret');
  t.same((await admin('add', '--workspace', club.id, '--url', 'https://x.example.org')).json.events, ['*'], 'every event by default');

  const rotated = await admin('rotate-secret', '--id', added.json.id);
  t.match(rotated.json, { id: added.json.id, secret: /^whsec_/ });
  t.ok(Date.parse(rotated.json.previous_secret_until) - Date.now() > 23 * 3600_000, 'the old secret signs for 24 h more');
  t.same((await admin('deliveries', '--id', added.json.id, '--failed', '--limit', '5')).json, []);
  t.match((await admin('replay', '--id', added.json.id, '--after', '0')).json, { id: added.json.id, after: '0', requeued: 0 });
  t.match((await admin('enable', '--id', added.json.id)).json, { id: added.json.id, status: 'enabled' });
  t.same((await admin('remove', '--id', added.json.id)).json, { id: added.json.id, status: 'removed' });
  t.match(await admin('remove', '--id', added.json.id), { code: 1, json: { code: 'not_found' } });
  for (const e of (await admin('list', '--workspace', club.id)).json) await admin('remove', '--id', e.id);
});

t.test('refusals exit 1 with the flat error; usage mistakes exit 2 with one line', async (t) => {
  const club = await createClub(service);
  t.match(await admin('add', '--workspace', club.id, '--url', 'http://hooks.example.org'), { code: 1, json: { code: 'validation_failed', errors: [{ path: '/url', message: 'the URL must be https' }] } });
  t.match(await admin('add', '--workspace', club.id, '--url', 'https://h.example.org', '--events', 'member.created,Nope'), { code: 1, json: { errors: [{ path: '/events/1' }] } });
  t.match(await admin('add', '--workspace', '999999999', '--url', 'https://h.example.org'), { code: 1, json: { code: 'not_found' } });
  t.match(await admin('deliveries', '--id', 'x'), { code: 1, json: { code: 'not_found' } });
  t.match(await admin('replay', '--id', '1', '--after', 'abc'), { code: 1, json: { code: 'validation_failed' } });
  for (const args of [['add', '--url', 'https://h.example.org'], ['replay', '--id', '1'], ['deliveries', '--id', '1', '--limit', '0'], ['frobnicate'], ['remove']]) {
    const usage = await admin(...args);
    t.equal(usage.code, 2, args.join(' '));
    t.equal(usage.stderr.trim().split('\n').length, 1);
  }
  const help = await run('partner-admin', ['--help'], env);
  t.match(help.stdout, /webhook add --workspace ID --url URL \[--events/);
});
