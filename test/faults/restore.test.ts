// A real point-in-time restore under the service's schema: WAL archived, a base backup, writes, a
// restore point, more writes that a partner and a webhook endpoint see, the cluster lost, and a new
// one recovered to the restore point with the service started on it. No partner may be silently
// behind: a position the restored history lacks is 409 feed_reset, no id is handed out twice, and a
// partner that follows the documented steps ends with exactly the restored data.
import { setTimeout as sleep } from 'node:timers/promises';
import t from 'tap';
import { parseRanges } from '../../src/webhooks/addresses.js';
import { startWorker } from '../../src/webhooks/worker.js';
import { createClub, type Tenant } from '../support/factories.js';
import { request, startService, type Response, type Service } from '../support/harness.js';
import { archivedCluster } from '../support/restore.js';
import { addTestEndpoint } from '../support/webhook-endpoints.js';
import { startReceiver } from '../support/webhook-receiver.js';

const loopback = parseRanges(['127.0.0.0/8', '::1/128']);
const archived = await archivedCluster(t);
const before = await startService(t, {}, undefined, { databaseUrl: archived.url });

type Call = (method: string, path: string, body?: unknown) => Promise<Response<any>>;
/** The tenant's credential against a given service (the restored one keeps the credential). */
const callAs = (service: Service, tenant: Tenant): Call => (method, path, body) => request(service.url, method, path, { body, key: tenant.key });

let n = 0;
async function newMember(call: Call): Promise<string> {
  const res = await call('POST', '/v1/club/members', { first_name: 'Ada', last_name: `Lovelace ${++n}`, birth_date: '2010-12-10', gender: 'female' });
  if (res.status !== 201) throw new Error(`member create answered ${res.status}`);
  return res.body.data.id;
}

/** A partner's local copy, built from the feed as the partner guide says, resets included. */
interface Partner { position: string; processed: { id: string; resource_id: string }[]; members: Map<string, unknown>; resets: string[] }
const newPartner = (): Partner => ({ position: '0', processed: [], members: new Map(), resets: [] });

async function refetch(call: Call, partner: Partner, memberId: string): Promise<void> {
  const res = await call('GET', `/v1/club/members/${memberId}`);
  if (res.status === 404) partner.members.delete(memberId);
  else if (res.status === 200) partner.members.set(memberId, res.body.data);
  else throw new Error(`member read answered ${res.status}`);
}

async function sync(call: Call, partner: Partner): Promise<void> {
  for (;;) {
    // Position 0 (nothing kept, or a new partner) is the start: `after` left out.
    const res = await call('GET', `/v1/club/changes?limit=3${partner.position === '0' ? '' : `&after=${partner.position}`}`);
    if (res.status === 409 && res.body.code === 'feed_reset') {
      const resume = res.body.resume_after as string;
      partner.resets.push(resume);
      const undone = partner.processed.filter((c) => BigInt(c.id) > BigInt(resume));
      for (const c of undone) await refetch(call, partner, c.resource_id);
      partner.processed = partner.processed.filter((c) => BigInt(c.id) <= BigInt(resume));
      partner.position = resume;
      continue;
    }
    if (res.status !== 200) throw new Error(`feed answered ${res.status} ${res.body?.code}`);
    if (res.body.data.length === 0) return;
    for (const c of res.body.data) {
      await refetch(call, partner, c.resource_id);
      partner.processed.push(c);
      partner.position = c.id;
    }
  }
}

const max = (ids: string[]) => ids.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b), '0');

t.test('a restore to before a partner\'s position: feed_reset, no id reused, the partner ends with exactly the restored data', async (t) => {
  const club = await createClub(before);
  const old = callAs(before, club);
  const receiver = await startReceiver();
  t.teardown(() => receiver.close());
  await addTestEndpoint(before, club, `${receiver.base}/hook`);
  const deliver = async (service: Service) => {
    const worker = await startWorker({ sql: service.sql, masterKey: service.masterKey, allowed: loopback, concurrency: 2, pollMs: 3_600_000, federations: [club.federationId] });
    worker.wake();
    await worker.settle();
    await worker.stop();
  };

  const kept = [await newMember(old), await newMember(old), await newMember(old)];
  const backup = await archived.backup();
  kept.push(await newMember(old));
  const updated = await old('PATCH', `/v1/club/members/${kept[0]}`, { last_name: 'Byron' });
  t.equal(updated.status, 200);
  await archived.restorePoint('before-loss');

  const partner = newPartner();
  await sync(old, partner);
  const restoredPosition = partner.position;
  const lost = [await newMember(old), await newMember(old), await newMember(old), await newMember(old), await newMember(old)];
  t.equal((await old('PATCH', `/v1/club/members/${kept[1]}`, { last_name: 'Curie' })).status, 200, 'a kept member is changed after the restore point');
  await sync(old, partner);
  await deliver(before);
  const page = await old('GET', `/v1/club/changes?limit=1&after=${restoredPosition}`);
  const lostCursor = page.body.meta.next_cursor as string;
  t.ok(lostCursor, 'a cursor into the changes after the restore point');
  const handedOut = {
    change: max(partner.processed.map((c) => c.id)),
    member: max([...kept, ...lost]),
    message: max(receiver.received.map((r) => String(r.headers['webhook-id']).slice(4))),
  };
  t.equal(receiver.received.length, 11, 'the endpoint heard of every change before the loss');

  await archived.kill();
  const restoredUrl = await archived.restore(backup, 'before-loss');
  const after = await startService(t, {}, undefined, { databaseUrl: restoredUrl });
  const now = callAs(after, club);
  // The restore emptied the unlogged replay records: the first request notices, and signatures
  // created in that second are refused (sql/00012). A partner signs again; so does the test.
  await now('GET', '/v1/me');
  await sleep(1000);

  const list = await now('GET', '/v1/club/members?limit=100');
  t.equal(list.status, 200, JSON.stringify(list.body));
  t.same(list.body.data.map((m: { id: string }) => m.id).sort(), [...kept].sort(), 'the restored cluster holds what was committed before the restore point');

  const reset = await now('GET', `/v1/club/changes?after=${partner.position}`);
  t.equal(reset.status, 409, 'a position beyond the restored history is refused');
  t.match(reset.body, { code: 'feed_reset', type: 'urn:problem:feed_reset', resume_after: restoredPosition });
  t.equal((await now('GET', `/v1/club/changes?after=${restoredPosition}`)).status, 200, 'the newest position the restored history kept is served as before');

  const fresh = [await newMember(now), await newMember(now)];
  t.ok(fresh.every((id) => BigInt(id) > BigInt(handedOut.member)), 'new member ids are above every member id handed out before');
  const again = await now('GET', `/v1/club/changes?after=${partner.position}`);
  t.match(again.body, { code: 'feed_reset', resume_after: restoredPosition }, 'still refused once newer changes exist: the position lies in the lost range');
  const cursor = await now('GET', `/v1/club/changes?limit=1&cursor=${lostCursor}`);
  t.match(cursor.body, { code: 'feed_reset', resume_after: restoredPosition }, 'a cursor into the lost range too');

  const newChanges = (await now('GET', `/v1/club/changes?after=${restoredPosition}`)).body.data as { id: string }[];
  t.equal(newChanges.length, 2);
  t.ok(newChanges.every((c) => BigInt(c.id) > BigInt(handedOut.change)), 'new change ids are above every change id handed out before');

  const heard = receiver.received.length;
  await deliver(after);
  const earlier = receiver.received.slice(0, heard);
  const idOf = (r: { headers: Record<string, unknown> }) => String(r.headers['webhook-id']).slice(4);
  const news = receiver.received.slice(heard);
  // The restored endpoint had not yet recorded the deliveries made after the restore point.
  const resent = news.filter((r) => BigInt(idOf(r)) <= BigInt(restoredPosition));
  t.ok(resent.every((r) => earlier.some((e) => idOf(e) === idOf(r) && e.body === r.body)),
    'a kept change\'s message that is sent again has its id and body unchanged: a receiver drops it as a duplicate');
  const later = news.slice(resent.length);
  const types = later.map((r) => (JSON.parse(r.body) as { type: string }).type);
  t.same(types, ['feed.reset', 'member.created', 'member.created'], 'the endpoint hears of the reset before the new history\'s changes');
  const resetBody = JSON.parse(later[0]!.body) as { data: { resume_after: string } };
  t.equal(resetBody.data.resume_after, restoredPosition, 'the reset message names where the restored history ends for this feed');
  t.ok(later.every((r) => BigInt(idOf(r)) > BigInt(handedOut.message)), 'every new message id is above every id sent before');

  await sync(now, partner);
  t.same(partner.resets, [restoredPosition], 'the partner was told once');
  const truth = newPartner();
  await sync(now, truth);
  const listed = (await now('GET', '/v1/club/members?limit=100')).body.data as { id: string }[];
  t.same([...partner.members.keys()].sort(), listed.map((m) => m.id).sort(), 'the partner holds exactly the members that exist');
  t.same(Object.fromEntries(partner.members), Object.fromEntries(truth.members), 'with the same content as a partner that synced the restored history from the start');
  t.notOk(partner.members.has(lost[0]!), 'a member created after the restore point is gone from the partner\'s copy');
  t.match(partner.members.get(kept[1]!), { last_name: 'Lovelace 2' }, 'a change made after the restore point is undone in the partner\'s copy');
});
