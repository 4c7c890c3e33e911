// club.profile.update: a merge patch of the caller's club, told to the club's and the federation's feeds.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { createClub, createFederation } from '../../support/factories.js';

const service = await startService(t);

t.test('PATCH changes the writable fields, bumps the version and tells both feeds', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const other = await createClub(service, federation);
  const body = {
    short_name: ' FCX ', email: 'info@fcx.example', phone: '+31 20 123 4567', website: 'https://fcx.example/',
    address: { line1: 'Stadionweg 1', postal_code: '1077 AA', city: 'Amsterdam', country: 'NL' }, founded_year: 1921,
  };
  const res = await club.call('PATCH', '/v1/club/profile', body, { headers: { 'if-match': '"1"' } });
  t.equal(res.status, 200);
  t.match(res.body.data, {
    id: club.id, short_name: 'FCX', email: 'info@fcx.example', phone: '+31 20 123 4567', website: 'https://fcx.example/',
    address: { line1: 'Stadionweg 1', line2: null, postal_code: '1077 AA', city: 'Amsterdam', country: 'NL' }, founded_year: 1921, version: 2,
  });
  t.same(res.body.data.address, { line1: 'Stadionweg 1', line2: null, postal_code: '1077 AA', city: 'Amsterdam', country: 'NL' });
  t.equal((await club.call('GET', '/v1/club/profile')).headers.get('etag'), '"2"');
  t.same(await feedOf(club), [['club', club.id, 'updated', 2]]);
  t.same(await feedOf(federation), [['club', club.id, 'updated', 2]]);
  const untouched = (await other.call('GET', '/v1/club/profile')).body.data;
  t.equal(untouched.version, 1, 'another club of the federation is not touched');
  t.equal(untouched.email, null);
  t.same(await feedOf(other), []);
});

t.test('address is merged member by member; null clears it and fields', async (t) => {
  const club = await createClub(service);
  const patch = (body: unknown) => club.call('PATCH', '/v1/club/profile', body);
  const partial = await patch({ address: { city: 'Utrecht' } });
  t.equal(partial.status, 422, 'a partial address needs a current one to merge into');
  t.same(partial.body.errors.map((e: any) => e.path).sort(), ['/address/country', '/address/line1', '/address/postal_code']);
  await patch({ address: { line1: 'A 1', line2: 'Floor 2', postal_code: '1000', city: 'Delft', country: 'NL' } });
  const merged = await patch({ address: { city: 'Utrecht', line2: null } });
  t.same(merged.body.data.address, { line1: 'A 1', line2: null, postal_code: '1000', city: 'Utrecht', country: 'NL' });
  const stray = await patch({ address: { zip: '1' } });
  t.same(stray.body.errors, [{ path: '/address/zip', message: 'unknown member' }]);
  const cleared = await patch({ address: null, email: null, founded_year: null, short_name: null });
  t.equal(cleared.status, 200);
  t.match(cleared.body.data, { address: null, email: null, founded_year: null, short_name: null, version: 4 });
  const empty = await patch({});
  t.equal(empty.status, 200);
  t.equal(empty.body.data.version, 4, 'an empty patch changes nothing');
  t.same((await feedOf(club)).map((c: any[]) => c[3]), [2, 3, 4]);
});

t.test('invalid or read-only members are 422 with pointers and change nothing', async (t) => {
  const club = await createClub(service);
  const cases: [unknown, string, string?][] = [
    [{ name: 'New name' }, '/name', 'is read-only: the federation manages it'],
    [{ status: 'suspended' }, '/status'],
    [{ affiliation_number: 'X1' }, '/affiliation_number'],
    [{ country: 'BE' }, '/country', 'unknown member'],
    [{ email: 'not-an-email' }, '/email', 'must be an email address'],
    [{ website: 'nope' }, '/website', 'must be a URL'],
    [{ phone: 'call me' }, '/phone', 'must be a phone number'],
    [{ short_name: '' }, '/short_name', 'must be at least 1 character'],
    [{ short_name: 'x'.repeat(41) }, '/short_name', 'must be at most 40 characters'],
    [{ founded_year: 1700 }, '/founded_year', 'must be from 1800 to the current year'],
    [{ founded_year: new Date().getUTCFullYear() + 1 }, '/founded_year', 'must not be in the future'],
    [{ founded_year: 1999.5 }, '/founded_year', 'must be an integer'],
    [{ address: { line1: '', postal_code: '1', city: 'C', country: 'nl' } }, '/address/line1'],
  ];
  for (const [body, path, message] of cases) {
    const res = await club.call('PATCH', '/v1/club/profile', body);
    t.equal(res.status, 422, JSON.stringify(body));
    t.equal(res.body.code, 'validation_failed');
    t.equal(res.body.errors[0].path, path);
    if (message) t.equal(res.body.errors[0].message, message);
  }
  const after = await club.call('GET', '/v1/club/profile');
  t.equal(after.body.data.version, 1);
  t.same(await feedOf(club), []);
});

t.test('a stale If-Match is 412 and changes nothing', async (t) => {
  const club = await createClub(service);
  const res = await club.call('PATCH', '/v1/club/profile', { email: 'a@b.example' }, { headers: { 'if-match': '"7"' } });
  t.equal(res.status, 412);
  t.equal(res.body.code, 'precondition_failed');
  const now = (await club.call('GET', '/v1/club/profile')).body.data;
  t.equal(now.email, null);
  t.equal(now.version, 1);
  t.same(await feedOf(club), []);
});

t.test('scopes: profile read cannot write', async (t) => {
  const club = await createClub(service, undefined, { scopes: ['club:profile:read'] });
  t.equal((await club.call('GET', '/v1/club/profile')).status, 200);
  const res = await club.call('PATCH', '/v1/club/profile', { email: 'a@b.example' });
  t.equal(res.status, 403);
  t.equal(res.body.code, 'insufficient_scope');
});
