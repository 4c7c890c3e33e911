// federation.seasons.list: the federation's own seasons by id, by status.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createFederation } from '../../support/factories.js';

const service = await startService(t);
const season = (name: string, starts_on: string, ends_on: string) => ({ name, starts_on, ends_on });

t.test('list: by status; another federation\'s seasons never appear', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const ids: string[] = [];
  for (const year of [2030, 2031, 2032]) ids.push((await federation.call('POST', '/v1/federation/seasons', season(`${year}`, `${year}-01-01`, `${year}-12-31`))).body.data.id);
  const theirs = (await other.call('POST', '/v1/federation/seasons', season('Theirs', '2030-01-01', '2030-12-31'))).body.data.id;
  await federation.call('PATCH', `/v1/federation/seasons/${ids[1]}`, { status: 'open' });
  const all = await walkPages(federation, '/v1/federation/seasons?limit=2');
  t.same(all.ids, ids);
  t.same((await walkPages(federation, '/v1/federation/seasons?status=open')).ids, [ids[1]]);
  t.same((await walkPages(federation, '/v1/federation/seasons?status=planned')).ids, [ids[0], ids[2]]);
  t.notOk(all.ids.includes(theirs));
  t.same((await walkPages(other, '/v1/federation/seasons')).ids, [theirs]);
  const bad = await federation.call('GET', '/v1/federation/seasons?status=done');
  t.equal(bad.status, 400);
  t.equal(bad.body.code, 'invalid_query');
});
