// club.profile.get: the caller's own club, exactly the fields of domain.md, with its ETag.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createClub, createFederation, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('GET /v1/club/profile answers the caller\'s club with an ETag', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const res = await club.call('GET', '/v1/club/profile');
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), '"1"');
  const p = res.body.data;
  t.match(p.name, /^Club [0-9a-f]{8}$/);
  t.same({ ...p, name: undefined, created_at: undefined, updated_at: undefined }, {
    id: club.id, name: undefined, short_name: null, federation_id: federation.id,
    affiliation_number: 'A' + club.id.padStart(6, '0'), status: 'active', email: null, phone: null, website: null,
    address: null, founded_year: null, created_at: undefined, updated_at: undefined, version: 1,
  });
  t.match(p.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
});

t.test('each club of a federation reads its own; a federation credential has no club profile route', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const neighbour = await newClub(service, federation.id);
  t.equal((await neighbour.call('GET', '/v1/club/profile')).body.data.id, neighbour.id);
  t.equal((await club.call('GET', '/v1/club/profile')).body.data.id, club.id);
  const res = await federation.call('GET', '/v1/club/profile');
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
});
