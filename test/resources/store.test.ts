// A store's scope: a workspace reaches only the rows of its own federation (the column Citus
// distributes by), whatever else they name. Rows filed under another federation with the club's id
// cannot arise through the API; made here by the factories, they show that every read and lock of
// the club's resources filters on federation_id, not on the club alone.
import t from 'tap';
import { startService } from '../support/harness.js';
import { createActivity, createClub, createFederation, createMembers, createPlan, createTeam, type Tenant } from '../support/factories.js';

const service = await startService(t);

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

t.test('rows of another federation that name the club are out of its reach', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const other = await createFederation(service);
  // The club's id, another federation's rows.
  const stray: Tenant = { ...club, federationId: other.id };
  await createMembers(service, club, 1);
  await createMembers(service, stray, 1);
  const memberOf = async (federationId: string) => (await service.sql<{ id: string }[]>`
    select id from members where federation_id = ${federationId} and club_id = ${club.id}`)[0]!.id;
  const [own, strayMember] = [await memberOf(club.federationId), await memberOf(other.id)];
  const ownTeam = await createTeam(service, club);
  const strayTeam = await createTeam(service, stray);
  const strayActivity = await createActivity(service, stray);
  const ownPlan = await createPlan(service, club);
  const strayPlan = await createPlan(service, stray);

  t.same(ids(await club.call('GET', '/v1/club/members')), [own], 'the member list');
  t.same(ids(await club.call('GET', '/v1/club/members?q=first1')), [own], 'a search of the members');
  t.equal((await club.call('GET', `/v1/club/members/${strayMember}`)).status, 404, 'a member by id');
  t.equal((await club.call('PATCH', `/v1/club/members/${strayMember}`, { first_name: 'Mallory' })).status, 404, 'a member locked for a write');
  t.same(ids(await club.call('GET', '/v1/club/teams')), [ownTeam], 'the team list');
  t.equal((await club.call('GET', `/v1/club/teams/${strayTeam}`)).status, 404, 'a team by id');
  t.same(ids(await club.call('GET', '/v1/club/activities')), [], 'the activity list');
  t.equal((await club.call('GET', `/v1/club/activities/${strayActivity}`)).status, 404, 'an activity by id');
  t.same(ids(await club.call('GET', '/v1/club/membership-plans')), [ownPlan], 'the plan list');
  t.not(strayPlan, ownPlan);
  t.equal((await federation.call('GET', `/v1/federation/clubs/${club.id}`)).body.data.counts.teams, 1, 'the club\'s active teams, as its federation counts them');

  const [untouched] = await service.sql`select first_name, version from members where federation_id = ${other.id} and id = ${strayMember}`;
  t.same(untouched, { first_name: 'First1', version: 1 }, 'the other federation\'s row is left as it was');
});
