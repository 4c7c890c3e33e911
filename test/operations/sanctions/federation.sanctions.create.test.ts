// federation.sanctions.create: a person or a club of the federation only, a fine with its money, a
// suspension for persons only.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClubWorkspace, createFederation, createPerson, newClub } from '../../support/factories.js';

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
  t.equal(res.headers.get('location'), null, 'no Location: a sanction has no GET of its own; federation.sanctions.list shows it');
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
