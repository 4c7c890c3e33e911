// An integrator's view: a TypeScript client generated from the reference (openapi-typescript
// types driving openapi-fetch) compiles under strict, with typed query parameters and bodies.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { operations } from '../../src/operations/index.js';
import { root, toolEnv } from '../support/processes.js';

const run = promisify(execFile);
// Inside the checkout (dist/ is ignored by git) so that the generated client finds openapi-fetch.
await mkdir(path.join(root, 'dist'), { recursive: true });
const dir = await mkdtemp(path.join(root, 'dist', 'generated-client-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));

const usage = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3020' });

export async function firstMembers(): Promise<components['schemas']['Member'][]> {
  const { data, error } = await client.GET('/v1/club/members', { params: { query: { limit: 2, status: 'active' } } });
  if (error) throw new Error(error.code + ': ' + error.detail);
  return data.data;
}

export async function addMember(): Promise<number> {
  const { data } = await client.POST('/v1/club/members', {
    body: { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' },
  });
  return data ? data.data.version : 0;
}

export async function refused(): Promise<void> {
  // @ts-expect-error limit is an integer, not a string
  await client.GET('/v1/club/members', { params: { query: { limit: '2' } } });
  // @ts-expect-error an unknown gender
  await client.POST('/v1/club/members', { body: { first_name: 'A', last_name: 'B', birth_date: '2010-01-01', gender: 'robot' } });
}
`;

t.test('openapi-typescript output and openapi-fetch compile under strict', async (t) => {
  await writeFile(path.join(dir, 'openapi.json'), JSON.stringify(generateOpenApi(operations, '0')));
  await run(path.join(root, 'node_modules', '.bin', 'openapi-typescript'), [path.join(dir, 'openapi.json'), '--output', path.join(dir, 'api.ts')], { env: toolEnv() });
  await writeFile(path.join(dir, 'usage.ts'), usage);
  await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', noUncheckedIndexedAccess: true, skipLibCheck: false, types: [] },
    files: ['usage.ts'],
  }));
  const result = await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], { env: toolEnv() })
    .then(() => ({ stdout: '' }), (error: { stdout: string }) => error);
  t.equal(result.stdout, '', 'no type errors');
});
