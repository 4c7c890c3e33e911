import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub } from '../../support/factories.js';

const service = await startService(t);

const base = {
  first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female', email: 'anna@example.org',
  address: { line1: 'Dorpsstraat 3', line2: 'b', postal_code: '1234 AB', city: 'Ede', country: 'NL' },
  external_ref: 'A-1', guardians: [{ name: 'Eva', relationship: 'mother' }],
};
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const actions = async (club: { call: (m: string, p: string) => Promise<any> }) =>
  (await club.call('GET', '/v1/club/changes?limit=100')).body.data.map((c: any) => `${c.action}:${c.version}`);

t.test('PATCH merges: absent unchanged, null cleared, address merged, guardians replaced', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const res = await club.call('PATCH', `/v1/club/members/${m.id}`, {
    last_name: 'Jansen', email: null, address: { city: 'Utrecht', line2: null }, external_ref: 'A-2',
    joined_on: '2020-01-01', gender: 'non_binary', birth_date: '2011-05-06',
    guardians: [{ name: 'Piet', relationship: 'father', phone: '+31 6 1' }],
  }, { headers: { 'content-type': 'application/merge-patch+json' } });
  t.equal(res.status, 200);
  const { updated_at, ...rest } = res.body.data;
  const { updated_at: before, ...original } = m;
  t.same(rest, {
    ...original, last_name: 'Jansen', email: null, external_ref: 'A-2', joined_on: '2020-01-01', gender: 'non_binary',
    birth_date: '2011-05-06', address: { line1: 'Dorpsstraat 3', line2: null, postal_code: '1234 AB', city: 'Utrecht', country: 'NL' },
    guardians: [{ name: 'Piet', relationship: 'father', email: null, phone: '+31 6 1' }], version: 2,
  });
  t.ok(updated_at > before, 'updated_at moves');
  const cleared = await club.call('PATCH', `/v1/club/members/${m.id}`, { address: null, external_ref: null, guardians: [], phone: null });
  t.match(cleared.body.data, { address: null, external_ref: null, guardians: [], phone: null, version: 3 });
  const same = await club.call('PATCH', `/v1/club/members/${m.id}`, {});
  t.equal(same.body.data.version, 3, 'an empty patch is no change');
  t.same(await actions(club), ['created:1', 'updated:2', 'updated:3']);
  t.equal((await club.call('GET', `/v1/club/members/${m.id}`)).headers.get('etag'), '"3"');
});

t.test('invalid and read-only members are 422 and change nothing', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const cases: [unknown, string, string?][] = [
    [{ status: 'archived' }, '/status', 'is read-only: use the archive and restore actions'],
    [{ person_id: '5' }, '/person_id', 'is read-only: set when a license is approved or a transfer lands'],
    [{ id: '5' }, '/id', 'unknown member'],
    [{ version: 9 }, '/version', 'unknown member'],
    [{ first_name: null }, '/first_name'],
    [{ last_name: '' }, '/last_name', 'must be at least 1 character'],
    [{ birth_date: tomorrow() }, '/birth_date', 'must not be in the future'],
    [{ gender: null }, '/gender'],
    [{ joined_on: null }, '/joined_on'],
    [{ guardians: null }, '/guardians'],
    [{ guardians: Array(5).fill({ name: 'G', relationship: 'aunt' }) }, '/guardians', 'must have at most 4 guardians'],
    [{ address: { country: 'nl' } }, '/address/country', 'must be an ISO 3166-1 alpha-2 code'],
    [{ address: { line1: null } }, '/address/line1'],
  ];
  for (const [body, path, message] of cases) {
    const res = await club.call('PATCH', `/v1/club/members/${m.id}`, body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.equal(res.body.errors[0].path, path);
    if (message) t.equal(res.body.errors[0].message, message);
  }
  t.same((await club.call('GET', `/v1/club/members/${m.id}`)).body.data, m);
  t.same(await actions(club), ['created:1']);
});

t.test('external_ref clash is 409 conflict and changes nothing', async (t) => {
  const club = await createClub(service);
  await club.call('POST', '/v1/club/members', base);
  const m = (await club.call('POST', '/v1/club/members', { ...base, external_ref: 'B-1' })).body.data;
  const res = await club.call('PATCH', `/v1/club/members/${m.id}`, { external_ref: 'A-1', first_name: 'Bert' });
  t.equal(res.status, 409);
  t.equal(res.body.code, 'conflict');
  t.same((await club.call('GET', `/v1/club/members/${m.id}`)).body.data, m);
  t.same(await actions(club), ['created:1', 'created:1']);
});

t.test('If-Match: stale is 412 and changes nothing; current applies', async (t) => {
  const club = await createClub(service);
  const m = (await club.call('POST', '/v1/club/members', base)).body.data;
  const stale = await club.call('PATCH', `/v1/club/members/${m.id}`, { first_name: 'Bert' }, { headers: { 'if-match': '"2"' } });
  t.equal(stale.status, 412);
  t.equal(stale.body.code, 'precondition_failed');
  t.same((await club.call('GET', `/v1/club/members/${m.id}`)).body.data, m);
  const fresh = await club.call('PATCH', `/v1/club/members/${m.id}`, { first_name: 'Bert' }, { headers: { 'if-match': '"1"' } });
  t.equal(fresh.status, 200);
  t.equal(fresh.body.data.first_name, 'Bert');
  t.same(await actions(club), ['created:1', 'updated:2']);
});
