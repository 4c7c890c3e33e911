// federation.sanctions.create, .lift and .list: a person or a club of the federation only, a fine
// with its money, a suspension for persons only; `expired` derived from ends_on.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { backdate, createClubWorkspace, createFederation, createPerson, createSanction, newClub } from '../../support/factories.js';

const service = await startService(t);
const create = (federation: Awaited<ReturnType<typeof createFederation>>, body: unknown) => federation.call('POST', '/v1/federation/sanctions', body);
const count = async (federationId: string) =>
  (await service.sql`select count(*)::int as n from sanctions where federation_id = ${federationId}`)[0]!.n as number;

t.test('a suspension of a person: 201, active, only in the federation\'s feed', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const person = await createPerson(service, federation.id);
  const res = await create(federation, { subject_type: 'person', person_id: person, kind: 'suspension', reason: 'Red card', starts_on: '2030-09-08', ends_on: '2030-09-29' });
  t.equal(res.status, 201);
  const s = res.body.data;
  t.equal(res.headers.get('location'), `/v1/federation/sanctions/${s.id}`);
  t.match(s, { subject_type: 'person', person_id: person, club_id: null, kind: 'suspension', reason: 'Red card', starts_on: '2030-09-08',
    ends_on: '2030-09-29', amount: null, currency: null, status: 'active', lifted_at: null, lift_reason: null, version: 1 });
  t.same(await feedOf(federation), [['sanction', s.id, 'created', 1]]);
  t.same(await feedOf(club), []);
});

t.test('a fine of a club with amount and currency; a warning starts today by default', async (t) => {
  const federation = await createFederation(service);
  const club = await createClubWorkspace(service, federation.id);
  const fine = await create(federation, { subject_type: 'club', club_id: club, kind: 'fine', reason: 'Pyrotechnics', amount: 25000, currency: 'EUR' });
  t.equal(fine.status, 201);
  t.match(fine.body.data, { club_id: club, person_id: null, amount: 25000, currency: 'EUR', status: 'active' });
  const warning = await create(federation, { subject_type: 'club', club_id: club, kind: 'warning', reason: 'Late kickoff' });
  t.equal(warning.body.data.starts_on, new Date().toISOString().slice(0, 10));
});

t.test('fields that do not go together: 422 naming each, nothing created', async (t) => {
  const federation = await createFederation(service);
  const person = await createPerson(service, federation.id);
  const club = await createClubWorkspace(service, federation.id);
  const cases: [unknown, string[]][] = [
    [{ subject_type: 'club', club_id: club, kind: 'suspension', reason: 'x' }, ['/kind']],
    [{ subject_type: 'club', club_id: club, kind: 'fine', reason: 'x' }, ['/amount', '/currency']],
    [{ subject_type: 'club', club_id: club, kind: 'fine', reason: 'x', amount: 100 }, ['/currency']],
    [{ subject_type: 'person', person_id: person, kind: 'warning', reason: 'x', amount: 100, currency: 'EUR' }, ['/amount', '/currency']],
    [{ subject_type: 'person', kind: 'warning', reason: 'x' }, ['/person_id']],
    [{ subject_type: 'person', person_id: person, club_id: club, kind: 'warning', reason: 'x' }, ['/club_id']],
    [{ subject_type: 'person', person_id: person, kind: 'warning', reason: 'x', starts_on: '2030-05-02', ends_on: '2030-05-01' }, ['/ends_on']],
    [{ subject_type: 'person', person_id: person, kind: 'warning', reason: '' }, ['/reason']],
    [{ subject_type: 'team', person_id: person, kind: 'warning', reason: 'x' }, ['/subject_type']],
    [{ subject_type: 'club', club_id: club, kind: 'fine', reason: 'x', amount: 12.5, currency: 'EUR' }, ['/amount']],
    [{ subject_type: 'club', club_id: club, kind: 'fine', reason: 'x', amount: 100, currency: 'eur' }, ['/currency']],
  ];
  for (const [body, paths] of cases) {
    const res = await create(federation, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path), paths, JSON.stringify(body));
  }
  t.equal(await count(federation.id), 0);
});

t.test('a person or club of another federation is 404, and nothing is created', async (t) => {
  const federation = await createFederation(service);
  const other = await createFederation(service);
  const person = await createPerson(service, other.id);
  const club = await createClubWorkspace(service, other.id);
  for (const body of [{ subject_type: 'person', person_id: person, kind: 'suspension', reason: 'x' },
    { subject_type: 'club', club_id: club, kind: 'warning', reason: 'x' }, { subject_type: 'club', club_id: federation.id, kind: 'warning', reason: 'x' }]) {
    const res = await create(federation, body);
    t.equal(res.status, 404, JSON.stringify(body));
    t.equal(res.body.code, 'not_found');
  }
  t.equal(await count(federation.id), 0);
});

t.test('lift: active → lifted with its reason; an expired one cannot be lifted (409)', async (t) => {
  const federation = await createFederation(service);
  const person = await createPerson(service, federation.id);
  const id = await createSanction(service, federation.id, { person });
  t.equal((await federation.call('POST', `/v1/federation/sanctions/${id}/lift`, {})).status, 422, 'a reason is required');
  const res = await federation.call('POST', `/v1/federation/sanctions/${id}/lift`, { reason: 'Appeal upheld' });
  t.equal(res.status, 200);
  t.match(res.body.data, { status: 'lifted', lift_reason: 'Appeal upheld', version: 2 });
  t.match(res.body.data.lifted_at, /^\d{4}-\d{2}-\d{2}T/);
  t.same(await feedOf(federation), [['sanction', id, 'lifted', 2]]);
  const expired = await createSanction(service, federation.id, { person }, { status: 'expired' });
  const refused = await federation.call('POST', `/v1/federation/sanctions/${expired}/lift`, { reason: 'x' });
  t.equal(refused.status, 409);
  t.equal(refused.body.code, 'invalid_state');
  t.match(refused.body.detail, /is expired/);
  const stranger = await createFederation(service);
  t.equal((await stranger.call('POST', `/v1/federation/sanctions/${id}/lift`, { reason: 'x' })).status, 404);
});

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
