// federation.sanctions.list: the federation's sanctions by id, `expired` derived from ends_on, with filters.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, createClubWorkspace, createFederation, createPerson, createSanction } from '../../support/factories.js';

const service = await startService(t);

t.test('list: by id, expired derived; filters by status, subject, person, club and updated_since', async (t) => {
  const federation = await createFederation(service);
  const person = await createPerson(service, federation.id);
  const club = await createClubWorkspace(service, federation.id);
  const ids = {
    running: await createSanction(service, federation.id, { person }, { ends_on: '2099-01-01' }),
    expired: await createSanction(service, federation.id, { person }, { status: 'expired' }),
    lifted: await createSanction(service, federation.id, { person }, { status: 'lifted' }),
    club: await createSanction(service, federation.id, { club }, { kind: 'fine' }),
  };
  await createSanction(service, (await createFederation(service)).id, { club: await createClubWorkspace(service, federation.id) });
  const all = await walkPages(federation, '/v1/federation/sanctions?limit=3');
  t.same(all.ids, Object.values(ids));
  t.same(all.rows.map((r: any) => r.status), ['active', 'expired', 'lifted', 'active']);
  const ids$ = async (q: string) => (await walkPages(federation, `/v1/federation/sanctions?${q}`)).ids;
  t.same(await ids$('status=active'), [ids.running, ids.club]);
  t.same(await ids$('status=expired'), [ids.expired]);
  t.same(await ids$('status=lifted'), [ids.lifted]);
  t.same(await ids$('subject_type=club'), [ids.club]);
  t.same(await ids$(`person_id=${person}`), [ids.running, ids.expired, ids.lifted]);
  t.same(await ids$(`club_id=${club}`), [ids.club]);
  await backdate(service, 'sanctions', [ids.running, ids.expired, ids.lifted], '2020-01-01T00:00:00Z');
  t.same(await ids$('updated_since=2021-01-01T00:00:00Z'), [ids.club]);
  t.equal((await federation.call('GET', '/v1/federation/sanctions?status=pending')).status, 400);
});
