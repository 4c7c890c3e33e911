import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub } from '../../support/factories.js';

const service = await startService(t);

const base = { first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female' };
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

t.test('POST /v1/club/members creates a member: 201, Location, every field', async (t) => {
  const club = await createClub(service);
  const body = {
    first_name: ' Anna ', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female', email: 'anna@example.org',
    phone: '+31 6 1234 5678', address: { line1: 'Dorpsstraat 3', postal_code: '1234 AB', city: 'Ede', country: 'NL' },
    external_ref: 'crm-17', joined_on: '2024-09-01',
    guardians: [{ name: 'Eva de Vries', relationship: 'mother', email: 'eva@example.org' }, { name: 'Jan de Vries', relationship: 'father', phone: '+31 6 1111 2222' }],
  };
  const res = await club.call('POST', '/v1/club/members', body);
  t.equal(res.status, 201);
  const m = res.body.data;
  t.match(m.id, /^[1-9][0-9]*$/);
  t.equal(res.headers.get('location'), `/v1/club/members/${m.id}`);
  const { created_at, updated_at, ...rest } = m;
  t.same(rest, {
    id: m.id, first_name: 'Anna', last_name: 'de Vries', birth_date: '2010-04-02', gender: 'female', email: 'anna@example.org',
    phone: '+31 6 1234 5678', address: { line1: 'Dorpsstraat 3', line2: null, postal_code: '1234 AB', city: 'Ede', country: 'NL' },
    external_ref: 'crm-17', joined_on: '2024-09-01', status: 'active', person_id: null,
    guardians: [
      { name: 'Eva de Vries', relationship: 'mother', email: 'eva@example.org', phone: null },
      { name: 'Jan de Vries', relationship: 'father', email: null, phone: '+31 6 1111 2222' },
    ],
    version: 1,
  });
  t.match(created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  t.equal(created_at, updated_at);
  const got = await club.call('GET', res.headers.get('location')!);
  t.equal(got.status, 200);
  t.equal(got.headers.get('etag'), '"1"');
  t.same(got.body.data, m);
  t.same(await feedOf(club), [['member', m.id, 'created', 1]]);
});

t.test('a minimal member joins today with no guardians', async (t) => {
  const club = await createClub(service);
  const res = await club.call('POST', '/v1/club/members', { ...base, gender: 'undisclosed', birth_date: today() });
  t.equal(res.status, 201, 'born today is not in the future');
  t.match(res.body.data, {
    joined_on: today(), birth_date: today(), gender: 'undisclosed', email: null, phone: null, address: null,
    external_ref: null, guardians: [], status: 'active', person_id: null,
  });
});

t.test('invalid bodies are 422 with pointers and create nothing', async (t) => {
  const club = await createClub(service);
  const guardian = { name: 'G', relationship: 'aunt' };
  const cases: [unknown, string, string?][] = [
    [{ ...base, first_name: undefined }, '/first_name'],
    [{ ...base, first_name: '   ' }, '/first_name', 'must be at least 1 character'],
    [{ ...base, last_name: 'x'.repeat(81) }, '/last_name', 'must be at most 80 characters'],
    [{ ...base, birth_date: tomorrow() }, '/birth_date', 'must not be in the future'],
    [{ ...base, birth_date: '2010-02-30' }, '/birth_date', 'must be a real date'],
    [{ ...base, gender: 'other' }, '/gender', 'must be one of female, male, non_binary, undisclosed'],
    [{ ...base, email: 'nope' }, '/email', 'must be an email address'],
    [{ ...base, external_ref: 'x'.repeat(65) }, '/external_ref', 'must be at most 64 characters'],
    [{ ...base, joined_on: '01-09-2024' }, '/joined_on', 'must be a date YYYY-MM-DD'],
    [{ ...base, address: { line1: 'a', postal_code: '1', country: 'NL' } }, '/address/city'],
    [{ ...base, guardians: Array(5).fill(guardian) }, '/guardians', 'must have at most 4 guardians'],
    [{ ...base, guardians: [guardian, { name: 'H' }] }, '/guardians/1/relationship'],
    [{ ...base, guardians: [{ ...guardian, age: 40 }] }, '/guardians/0/age', 'unknown member'],
    [{ ...base, guardians: [{ ...guardian, phone: 'x' }] }, '/guardians/0/phone', 'must be a phone number'],
    [{ ...base, status: 'archived' }, '/status', 'unknown member'],
    [{ ...base, person_id: '1' }, '/person_id', 'unknown member'],
  ];
  for (const [body, path, message] of cases) {
    const res = await club.call('POST', '/v1/club/members', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.equal(res.body.errors[0].path, path);
    if (message) t.equal(res.body.errors[0].message, message);
  }
  const four = await club.call('POST', '/v1/club/members', { ...base, guardians: Array(4).fill(guardian) });
  t.equal(four.status, 201, 'four guardians are allowed');
  t.equal((await club.call('GET', '/v1/club/members')).body.data.length, 1);
  t.same((await feedOf(club)).length, 1);
});

t.test('external_ref is unique within the club only: 409 conflict', async (t) => {
  const club = await createClub(service);
  const other = await createClub(service);
  const first = await club.call('POST', '/v1/club/members', { ...base, external_ref: 'R-1' });
  t.equal(first.status, 201);
  const clash = await club.call('POST', '/v1/club/members', { ...base, first_name: 'Bert', external_ref: 'R-1' });
  t.equal(clash.status, 409);
  t.equal(clash.body.code, 'conflict');
  t.equal(clash.body.detail, 'another member of the club already has this external_ref');
  t.equal((await other.call('POST', '/v1/club/members', { ...base, external_ref: 'R-1' })).status, 201, 'another club may use the same ref');
  const list = await club.call('GET', '/v1/club/members');
  t.same(list.body.data.map((m: any) => m.first_name), ['Anna']);
  t.same(await feedOf(club), [['member', first.body.data.id, 'created', 1]]);
  const nulls = await Promise.all([1, 2].map(() => club.call('POST', '/v1/club/members', { ...base, external_ref: null })));
  t.same(nulls.map((r) => r.status), [201, 201], 'many members may have no external_ref');
});
