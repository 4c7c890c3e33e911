// federation.competitions.open: draft → open, heard by every club of the federation; any other state is
// 409 and another federation's competition 404, changing nothing.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createCompetition, createFederation, createSeason } from '../../support/factories.js';

const service = await startService(t);
const path = (id: string, verb = '') => `/v1/federation/competitions/${id}${verb}`;

t.test('open: draft → open, heard by every club of the federation', async (t) => {
  const federation = await createFederation(service);
  const club = await newClub(service, federation.id);
  const stranger = await newClub(service, (await createFederation(service)).id);
  const id = (await federation.call('POST', '/v1/federation/competitions', {
    name: 'League', season_id: await createSeason(service, federation.id), starts_on: '2030-09-01',
  })).body.data.id;
  const res = await federation.call('POST', path(id, '/open'));
  t.equal(res.status, 200);
  t.equal(res.body.data.status, 'open');
  t.same(await feedOf(federation), [['competition', id, 'created', 1], ['competition', id, 'opened', 2]]);
  t.same(await feedOf(club), [['competition', id, 'opened', 2]]);
  t.same(await feedOf(stranger), []);
});

t.test('open: a competition not in draft is 409 invalid_state and unchanged', async (t) => {
  const federation = await createFederation(service);
  for (const status of ['open', 'closed', 'completed'] as const) {
    const id = await createCompetition(service, federation.id, { status });
    const res = await federation.call('POST', path(id, '/open'));
    t.equal(res.status, 409, status);
    t.equal(res.body.code, 'invalid_state');
  }
  t.same(await feedOf(federation), []);
});

t.test('another federation\'s competition cannot be opened (404) and stays a draft', async (t) => {
  const federation = await createFederation(service);
  const theirs = await createCompetition(service, (await createFederation(service)).id);
  const res = await federation.call('POST', path(theirs, '/open'));
  t.equal(res.status, 404);
  const [row] = await service.sql`select status from competitions where id = ${theirs}`;
  t.equal(row!.status, 'draft');
});
