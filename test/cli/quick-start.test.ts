// A newcomer's first hour: the README's quick-start block, pasted as one block into a fresh
// clone of this repository, ends with a signed request answered 200.
import t from 'tap';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../src/db/embedded.js';
import { root } from '../support/processes.js';
import { setTimeout as sleep } from 'node:timers/promises';

t.setTimeout(600_000);
const run = promisify(execFile);
const readme = await readFile(path.join(root, 'README.md'), 'utf8');
const block = /<!-- quick-start[^>]*-->\s*```sh\n([\s\S]*?)```\s*<!-- \/quick-start -->/.exec(readme)?.[1];

t.test('the quick start works when pasted into a fresh clone', async (t) => {
  t.ok(block, 'the README has the quick-start block');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-quick-start-'));
  const clone = path.join(dir, 'clone');
  await run('git', ['clone', '--quiet', root, clone]);
  const port = await freePort();
  // A newcomer's environment: no test database, no coverage; packages from the local npm cache.
  const env = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, PORT: String(port), PARTNER_BASE_URL: `http://127.0.0.1:${port}`,
    npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false',
    NODE_V8_COVERAGE: '', // set, or node would copy the suite's into every child
  };
  const shell = spawn('bash', ['-e', '-c', block!], { cwd: clone, env, detached: true });
  let stdout = '';
  let stderr = '';
  shell.stdout.on('data', (c) => (stdout += c));
  shell.stderr.on('data', (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => shell.on('exit', resolve));
  t.teardown(async () => {
    try {
      process.kill(-shell.pid!, 'SIGTERM'); // `npm start &` and the service it runs
    } catch {
      // already gone
    }
    await sleep(2000);
    await run(process.execPath, [path.join(clone, 'bin', 'partner-service'), 'clean'], { cwd: clone, env }).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });
  t.equal(code, 0, `the block exits 0${code ? `: ${stderr.slice(-2000)}` : ''}`);
  const me = JSON.parse(stdout.trim().split('\n').filter((l) => l.startsWith('{"data"')).at(-1) ?? 'null');
  t.match(me, { data: { workspace: { kind: 'club' }, algorithm: 'hmac-sha256' } }, 'GET /v1/me answered for club 1');
  t.notMatch(stderr, /ERR_MODULE_NOT_FOUND|\n\s+at /, 'no stack trace');

  t.rejects(stat(path.join(clone, 'dist', 'test')), 'no tests in the production build');
  const again = await run('npx', ['tsc', '-b', 'tsconfig.json', '--verbose'], { cwd: clone, env });
  t.match(again.stdout, /is up to date/, 'a second build compiles nothing');
});
