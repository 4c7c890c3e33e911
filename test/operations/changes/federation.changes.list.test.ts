// federation.changes.list: the federation's own feed, oldest first, from `after`; another federation's
// changes never appear.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('a federation reads its own writes in id order, with key and request id, after a given change', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const first = await federation.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' });
  const second = await federation.call('POST', '/v1/federation/license-categories', { code: 'U12', name: 'Under 12' });
  await other.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' });
  const { rows } = await walkPages<any>(federation, '/v1/federation/changes?limit=1');
  t.match(rows, [
    { resource_type: 'category', resource_id: first.body.data.id, action: 'created', version: 1, key_id: federation.keyId, request_id: first.headers.get('x-request-id') },
    { resource_type: 'category', resource_id: second.body.data.id, action: 'created', version: 1, key_id: federation.keyId, request_id: second.headers.get('x-request-id') },
  ]);
  t.equal(rows.length, 2, 'nothing of the other federation');
  const after = await federation.call('GET', `/v1/federation/changes?after=${rows[0].id}`);
  t.equal(after.status, 200);
  t.same(after.body.data.map((c: { id: string }) => c.id), [rows[1].id]);
});

t.test('a malformed after or limit is 400 invalid_query', async (t) => {
  const federation = await createFederation(service);
  for (const query of ['after=abc', 'limit=0', 'since=1']) {
    const res = await federation.call('GET', `/v1/federation/changes?${query}`);
    t.equal(res.status, 400, query);
    t.equal(res.body.code, 'invalid_query');
  }
});

t.test('after= beyond the newest change is 409 feed_reset naming the newest, never an empty page, in both feeds', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  await federation.call('POST', '/v1/federation/license-categories', { code: 'U10', name: 'Under 10' });
  await club.call('POST', '/v1/club/members', { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2010-12-10', gender: 'female' });
  for (const tenant of [federation, club]) {
    const feed = `/v1/${tenant.kind}/changes`;
    const newest = (await tenant.call('GET', `${feed}?limit=100`)).body.data.at(-1).id as string;
    t.equal((await tenant.call('GET', `${feed}?after=${newest}`)).status, 200, `${tenant.kind}: the newest change itself is a position of the feed`);
    for (const beyond of [BigInt(newest) + 1n, BigInt(newest) + 1000000n]) {
      const res = await tenant.call('GET', `${feed}?after=${beyond}`);
      t.equal(res.status, 409, `${tenant.kind}: after=${beyond} is refused`);
      t.match(res.body, { code: 'feed_reset', resume_after: newest });
    }
  }
  const empty = await createFederation(service);
  t.match((await empty.call('GET', '/v1/federation/changes?after=5')).body, { code: 'feed_reset', resume_after: '0' }, 'a feed with no change: resume from the start');
});
