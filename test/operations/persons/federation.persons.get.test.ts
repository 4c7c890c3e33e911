// federation.persons.get: one person of the federation's registry with their licenses and ETag, as the
// list shows them; another federation's person is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import { createClub, createFederation, createLicense, createPerson } from '../../support/factories.js';

const service = await startService(t);

t.test('get: the person with their licenses, the same as the row of the list', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const person = await createPerson(service, federation.id, { first_name: 'Zoë', last_name: 'Müller', current_club_id: club.id });
  const license = await createLicense(service, club.id, { status: 'approved', person_id: person });
  const res = await federation.call('GET', `/v1/federation/persons/${person}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  t.match(res.body.data, { id: person, first_name: 'Zoë', last_name: 'Müller', current_club_id: club.id, version: 1 });
  t.match(res.body.data.licenses, [{ id: license, club_id: club.id, status: 'approved' }]);
  t.same((await walkPages<any>(federation, '/v1/federation/persons')).rows, [res.body.data]);
});

t.test('another federation\'s person, or none, is 404', async (t) => {
  const federation = await createFederation(service);
  const theirs = await createPerson(service, (await createFederation(service)).id);
  for (const id of [theirs, '999999999999']) {
    const res = await federation.call('GET', `/v1/federation/persons/${id}`);
    t.equal(res.status, 404, id);
    t.equal(res.body.code, 'not_found');
  }
});
