// The reference as tools read it: Redocly's recommended ruleset and Spectral's spectral:oas,
// 0 errors and 0 warnings, with the tools the dev dependencies install.
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateOpenApi } from '../../src/openapi/generate.js';
import { operations } from '../../src/operations/index.js';
import { version } from '../../src/runtime.js';
import { root, toolEnv } from '../support/processes.js';

const run = promisify(execFile);
const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-openapi-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
const doc = path.join(dir, 'openapi.json');
await writeFile(doc, JSON.stringify(generateOpenApi(operations, version), null, 2));
// No telemetry or update checks from the tools.
const env = toolEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_UPDATE_NOTIFIER: '1' });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

t.test('Redocly, recommended ruleset: no error, no warning', async (t) => {
  const result = await run(bin('redocly'), ['lint', '--extends', 'recommended', '--format', 'json', doc], { env, maxBuffer: 64 << 20 })
    .catch((error: { stdout: string; code: number }) => error);
  const report = JSON.parse(result.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
  t.same(report.problems.map((p) => `${p.ruleId}: ${p.message}`), []);
  t.same(report.totals, { ...report.totals, errors: 0, warnings: 0 });
});

t.test('Spectral, spectral:oas: no error, no warning', async (t) => {
  const ruleset = path.join(dir, '.spectral.json');
  await writeFile(ruleset, JSON.stringify({ extends: ['spectral:oas'] }));
  const result = await run(bin('spectral'), ['lint', '--ruleset', ruleset, '--format', 'json', '--quiet', doc], { env, maxBuffer: 64 << 20 })
    .catch((error: { stdout: string }) => error);
  const problems = JSON.parse(result.stdout || '[]') as { code: string; message: string; severity: number; path: string[] }[];
  t.same(problems.filter((p) => p.severity <= 1).map((p) => `${p.code} at ${p.path.join('.')}: ${p.message}`), []);
});
