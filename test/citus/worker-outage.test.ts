// A worker that goes down takes only its own federations with it: theirs are 503 with Retry-After,
// the other worker's are served throughout, and the service never takes the database for down.
// A cluster of the file's own, since the lane's other files run on the shared one.
import t from 'tap';
import postgres from 'postgres';
import { setTimeout as sleep } from 'node:timers/promises';
import { migrate } from '../../src/db/migrate.js';
import { startCitus } from '../support/citus.js';
import { createClub, createFederation, createMember, type Tenant } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { run, serverUser } from '../../src/db/embedded-home.js';

const cluster = await startCitus();
t.teardown(() => cluster.stop());
const url = await cluster.database('worker_outage');
const admin = postgres(url, { max: 1, onnotice: () => {} });
t.teardown(() => admin.end());
await migrate(admin);
const service = await startService(t, {}, undefined, { databaseUrl: url, poolLimits: true });

/** The port of the worker that holds the federation's shards. */
const workerOf = async (federationId: string) => (await admin<{ port: number }[]>`
  select nodeport as port from citus_shards
  where shardid = get_shard_id_for_distribution_column('members', ${federationId}::bigint)`)[0]!.port;

// Federations until two of them sit on different workers.
const clubs: Tenant[] = [];
const ports = new Map<number, Tenant>();
while (ports.size < 2) {
  const club = await createClub(service, await createFederation(service));
  await createMember(service, club);
  clubs.push(club);
  ports.set(await workerOf(club.federationId), club);
}
const [[downPort, downClub], [upPort, upClub]] = [...ports.entries()] as [[number, Tenant], [number, Tenant]];

const workerUrl = cluster.nodeUrls.find((u) => new URL(u).port === String(downPort))!;
const node = postgres(workerUrl, { max: 1, onnotice: () => {} });
const dataDir = (await node<{ dir: string }[]>`select setting as dir from pg_settings where name = 'data_directory'`)[0]!.dir;
await node.end();
const user = await serverUser();
const asServer = (...args: string[]) => run('/usr/lib/postgresql/15/bin/pg_ctl', ['-D', dataDir, ...args], { ...user, cwd: '/' });

t.test(`with worker :${downPort} stopped, its federation is 503 and the one on :${upPort} is served`, async (t) => {
  t.equal((await downClub.call('GET', '/v1/club/members')).status, 200, 'both served before');
  await asServer('-m', 'fast', '-w', 'stop');
  t.teardown(() => asServer('-l', `${dataDir}/restart.log`, '-w', 'start').catch(() => {}));

  const answers: string[] = [];
  for (let round = 0; round < 10; round++) {
    const [down, up] = await Promise.all([downClub.call('GET', '/v1/club/members'), upClub.call('GET', '/v1/club/members')]);
    answers.push(`${down.status}${down.headers.get('retry-after') ? '+retry' : ''}/${up.status}`);
    await sleep(20);
  }
  t.same([...new Set(answers)], ['503+retry/200'], 'every round: the stopped worker\'s federation 503 with Retry-After, the other 200');
  const write = await upClub.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: 'Up', birth_date: '2010-01-01', gender: 'female' });
  t.equal(write.status, 201, 'the other federation writes too');
  const health = await fetch(`${service.url}/health`);
  t.equal(health.status, 200, '/health: the coordinator is up');

  await asServer('-l', `${dataDir}/restart.log`, '-w', 'start');
  let back = 0;
  for (let tries = 0; tries < 100 && back !== 200; tries++) {
    back = (await downClub.call('GET', '/v1/club/members')).status;
    if (back !== 200) await sleep(50);
  }
  t.equal(back, 200, 'its federation is served again once the worker is back');
});
