// The unit as systemd sees it: `systemd-analyze verify` and the exposure score of
// `systemd-analyze security`, on a copy whose paths point at this checkout (verify checks them).
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from '../support/processes.js';

const run = promisify(execFile);
const installed = await run('systemd-analyze', ['--version']).then(() => true, () => false);
// CI installs systemd from Debian's packages (.ci/run): there the tools must be present.
if (!installed && !process.env.CI) t.pass('skipped: systemd-analyze is not installed', { skip: true });
else {
  const unit = await readFile(path.join(root, 'bin', 'partner-service.service'), 'utf8');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'partner-unit-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'partner-service.service');
  await writeFile(file, unit.replaceAll('/opt/partner-service', root));

  t.test('systemd-analyze verify passes', async (t) => {
    const { stdout, stderr } = await run('systemd-analyze', ['verify', file]);
    t.equal(stdout + stderr, '', 'no complaint');
  });

  t.test('exposure of systemd-analyze security is at most 2.0', async (t) => {
    const { stdout } = await run('systemd-analyze', ['security', '--offline=yes', '--no-pager', file]).catch((e: { stdout: string }) => e);
    const score = Number(/Overall exposure level for \S+: ([0-9.]+)/.exec(stdout)?.[1]);
    t.ok(score <= 2.0, `exposure ${score}`);
  });

  t.test('the unit waits for the service to listen and does not restart a configuration error', async (t) => {
    t.match(unit, /^Type=exec$/m);
    t.match(unit, /^ExecStartPost=.*RUNTIME_DIRECTORY\/ready/m);
    t.match(unit, /^RestartPreventExitStatus=2$/m);
    t.match(unit, /^Environment=PATH=\/opt\/partner-service\/node\/bin:/m);
    for (const option of ['SystemCallFilter', 'SystemCallArchitectures=native', 'ProtectClock=yes', 'ProtectKernelLogs=yes',
      'ProtectHostname=yes', 'RestrictRealtime=yes', 'ProtectProc=invisible', 'ProcSubset=pid', 'UMask=0077', 'RemoveIPC=yes']) {
      t.match(unit, new RegExp(`^${option}`, 'm'), option);
    }
  });
}
