// The partners' client as a package: `npm pack` holds the JavaScript and its declarations; a
// fresh TypeScript project under strict installs the tarball, signs a request, the service accepts it.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startService } from '../support/harness.js';
import { createClub } from '../support/factories.js';
import { root, toolEnv } from '../support/processes.js';

const run = promisify(execFile);
const service = await startService(t);
const club = await createClub(service);
const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-client-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
// Only the local npm cache: the packages were installed with the checkout.
const env = toolEnv({ npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' });
const versionOf = async (name: string) => JSON.parse(await readFile(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version as string;

t.test('npm pack: JavaScript and declarations of the client', async (t) => {
  // The build is current (npm test built it); --ignore-scripts skips a second one.
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: root, env });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  const files = packed!.files.map((f) => f.path);
  for (const file of ['dist/src/signing/client.js', 'dist/src/signing/client.d.ts', 'package.json']) t.ok(files.includes(file), file);
  t.notOk(files.some((f) => f.startsWith('dist/test/')), 'no tests in the package');

  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  await run('npm', ['install', '--no-save', '--ignore-scripts', path.join(dir, packed!.filename),
    `typescript@${await versionOf('typescript')}`, `@types/node@${await versionOf('@types/node')}`], { cwd: dir, env });
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', skipLibCheck: false, types: ['node'] },
    files: ['call.ts'],
  }));
  await writeFile(path.join(dir, 'call.ts'), `import { signRequest, type SigningKey } from 'partner-service/client';

const key: SigningKey = { keyId: process.env.KEY_ID!, algorithm: 'hmac-sha256', secret: process.env.SECRET! };
const url = new URL('/v1/me', process.env.BASE_URL);
const headers: Record<string, string> = signRequest({ method: 'GET', url, key });
const response = await fetch(url, { headers });
const body = (await response.json()) as { data: { key_id: string } };
process.stdout.write(response.status + ' ' + body.data.key_id);
`);
  await run(process.execPath, [path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { env });
  const key = club.key as { keyId: string; secret: string };
  const called = await run(process.execPath, [path.join(dir, 'call.js')], { cwd: dir, env: { ...env, KEY_ID: key.keyId, SECRET: key.secret, BASE_URL: service.url } });
  t.equal(called.stdout, `200 ${club.keyId}`, 'the service accepts the signature');
});
