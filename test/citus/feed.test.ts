// On the Citus cluster, the feed under concurrent writers: pollers of a club's feed and of its
// federation's feed, following `after` while two clubs and the federation write at once, see each
// change once, in id order, and nothing the feed read afterwards has that they skipped.
import t from 'tap';
import { createClub, createFederation, type Tenant } from '../support/factories.js';
import { startService } from '../support/harness.js';
import { walkPages } from '../support/pages.js';

const service = await startService(t, {}, undefined, { poolMax: 8 });
const writes = 12;

const member = (i: number) => ({ first_name: 'Anna', last_name: `de Vries ${i}`, birth_date: '2010-04-02', gender: 'female' });
const official = (i: number) => ({ first_name: 'Piet', last_name: `Bakker ${i}`, grade: 'National' });

/** Follows `tenant`'s feed until `done` and one more pass after it: the change ids, in the order served. */
async function follow(tenant: Tenant, done: () => boolean): Promise<{ ids: string[]; errors: string[] }> {
  const ids: string[] = [];
  const errors: string[] = [];
  let after: string | undefined;
  for (let last = false; ;) {
    const finished = done();
    for (;;) {
      const res = await tenant.call('GET', `/v1/${tenant.kind}/changes?limit=100${after ? `&after=${after}` : ''}`);
      if (res.status !== 200) {
        errors.push(`${res.status} ${res.body?.code}`);
        if (errors.length > 5) return { ids, errors };
        break;
      }
      const page = res.body.data as { id: string }[];
      ids.push(...page.map((c) => c.id));
      if (page.length) after = page.at(-1)!.id;
      if (page.length < 100) break;
    }
    if (last) return { ids, errors };
    last = finished;
  }
}

t.test('a club\'s and its federation\'s feed: every change once, in id order, under concurrent writers', async (t) => {
  const federation = await createFederation(service);
  const clubs = [await createClub(service, federation), await createClub(service, federation)];
  let writing = true;
  const pollers = [follow(clubs[0]!, () => !writing), follow(federation, () => !writing)];
  const statuses: number[] = [];
  await Promise.all([
    ...clubs.map(async (club) => {
      for (let i = 0; i < writes; i++) statuses.push((await club.call('POST', '/v1/club/members', member(i))).status);
    }),
    (async () => {
      for (let i = 0; i < writes; i++) statuses.push((await federation.call('POST', '/v1/federation/officials', official(i))).status);
    })(),
  ]).finally(() => (writing = false));
  t.same([...new Set(statuses)], [201], `${statuses.length} writes, each 201`);
  const [club, fed] = await Promise.all(pollers);
  for (const [tenant, seen] of [[clubs[0]!, club!], [federation, fed!]] as const) {
    const what = `the ${tenant.kind}'s feed`;
    t.same(seen.errors, [], `${what}: every poll answered 200`);
    const { rows } = await walkPages<{ id: string }>(tenant, `/v1/${tenant.kind}/changes?limit=100`);
    const all = rows.map((c) => c.id);
    t.ok(all.length >= writes, `${what}: holds the ${writes} writes (${all.length} changes)`);
    t.same(seen.ids, all, `${what}: the poller saw every change once, in the order the feed holds them`);
    t.ok(seen.ids.every((id, i) => i === 0 || BigInt(id) > BigInt(seen.ids[i - 1]!)), `${what}: ids rising`);
  }
});
