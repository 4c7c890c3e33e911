// The log of an operator's bad night: one warn line when the database goes, one info line when
// it is back. Uses a private cluster: the suite's shared server is never stopped.
import t from 'tap';
import { createPool } from '../../src/db/pool.js';
import { privateCluster } from '../support/cluster.js';
import { createClub } from '../support/factories.js';
import { serviceAt } from '../support/harness.js';
import { baseEnv, start, waitForLine } from '../support/processes.js';

const cluster = await privateCluster(t);
const masterKey = Buffer.from(process.env.PARTNER_SECRET_KEY!, 'base64');

t.test('database lost and back: one warn line, one info line', async (t) => {
  const child = start('partner-service', [], baseEnv({ PORT: '0', HOST: '127.0.0.1', DATABASE_URL: cluster.url }));
  const { port } = JSON.parse(await waitForLine(child, (l) => l.includes('"listening"')));
  const base = `http://127.0.0.1:${port}`;
  const sql = createPool(cluster.url, 1);
  const club = await createClub(serviceAt(base, sql, masterKey));
  await sql.end();
  t.equal((await club.call('GET', '/v1/me')).status, 200);

  await cluster.stop();
  const lost = waitForLine(child, (l) => l.includes('"database unreachable"'));
  for (let i = 0; i < 3; i++) t.equal((await club.call('GET', '/v1/me')).status, 503);
  t.match(JSON.parse(await lost), { level: 'warn', message: 'database unreachable' });

  await cluster.start();
  // However long the restart takes on a busy machine, the service says when its probe reaches the
  // database again, and from then on it serves.
  const back = await waitForLine(child, (l) => l.includes('"database reachable again"'), 120_000);
  t.match(JSON.parse(back), { level: 'info', message: 'database reachable again' });
  t.equal((await club.call('GET', '/v1/me')).status, 200, 'the first request after that line is served');

  // SIGKILL: this test is about the log, not the shutdown after an outage.
  child.kill('SIGKILL');
  const { stdout } = await child.output;
  const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
  t.equal(lines.filter((l) => l.message === 'database unreachable').length, 1, 'one warn line for the outage');
  t.equal(lines.filter((l) => l.message === 'database reachable again').length, 1, 'one info line for the return');
});
