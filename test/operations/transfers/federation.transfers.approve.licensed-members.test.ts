// The licensed members' counts (counts.members_licensed) kept by the licenses store in the writing
// transaction (sql/00025, no trigger on licenses): a suspension, a reinstatement and a transfer
// move them, and they stay what counting the licenses themselves gives.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createCategory, createClub, createFederation, createMember, createSeason, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const year = new Date().getUTCFullYear();

/** Each club's licensed members today: as kept, and as counted from the licenses. */
async function kept(clubs: Tenant[]) {
  const ids = clubs.map((c) => c.id);
  const [row] = await service.sql<{ kept: number[]; counted: number[] }[]>`
    select array(select coalesce((select sum(members)::int from club_licensed_members
                   where club_id = c and valid_until >= current_date), 0) from unnest(${ids}::bigint[]) with ordinality u(c, i) order by i) as kept,
      array(select (select count(distinct member_id)::int from licenses
                   where club_id = c and status = 'approved' and valid_until >= current_date) from unnest(${ids}::bigint[]) with ordinality u(c, i) order by i) as counted`;
  return row!;
}

t.test('licenses carry no trigger: the code keeps the counts', async (t) => {
  const [row] = await service.sql<{ n: number }[]>`select count(*)::int as n from pg_trigger where tgrelid = 'licenses'::regclass and not tgisinternal`;
  t.equal(row!.n, 0);
});

t.test('suspend, reinstate, reject, withdraw and a transfer keep each club\'s licensed members right', async (t) => {
  const federation = await createFederation(service);
  const [origin, destination] = [await createClub(service, federation), await createClub(service, federation)];
  const season = await createSeason(service, federation.id, 'open', year);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const request = async (club: Tenant, birth: string) => (await club.call('POST', '/v1/club/licenses', {
    member_id: await createMember(service, club, { birth_date: birth }), season_id: season, category_id: category })).body.data.id as string;
  const decide = async (id: string, action: string, body?: object) => {
    const res = await federation.call('POST', `/v1/federation/licenses/${id}/${action}`, body);
    t.equal(res.status, 200, `${action} ${id}`);
    return res.body.data;
  };
  const figures = async () => {
    const { kept: k, counted } = await kept([origin, destination]);
    t.same(k, counted, 'kept as counted');
    return k;
  };

  const [first, second, third] = [await request(origin, '2001-01-01'), await request(origin, '2002-02-02'), await request(origin, '2003-03-03')];
  const approved = await decide(first, 'approve');
  await decide(second, 'approve');
  t.same(await figures(), [2, 0], 'two approved');
  await decide(third, 'reject', { reason: 'test' });
  t.equal((await origin.call('POST', `/v1/club/licenses/${await request(origin, '2004-04-04')}/withdraw`)).status, 200);
  t.same(await figures(), [2, 0], 'a rejection and a withdrawal count nobody');

  await decide(second, 'suspend', { reason: 'test' });
  t.same(await figures(), [1, 0], 'suspended: not counted');
  await decide(second, 'reinstate');
  t.same(await figures(), [2, 0], 'reinstated: counted again');

  const transfer = (await destination.call('POST', '/v1/club/transfers', { license_number: approved.number })).body.data;
  t.equal((await origin.call('POST', `/v1/club/transfers/${transfer.id}/release`)).status, 200);
  t.equal((await federation.call('POST', `/v1/federation/transfers/${transfer.id}/approve`)).status, 200);
  t.same(await figures(), [1, 1], 'the transferred license counts at its new club only');
  const counts = async (club: Tenant) => (await federation.call('GET', `/v1/federation/clubs/${club.id}`)).body.data.counts.members_licensed;
  t.same([await counts(origin), await counts(destination)], [1, 1], 'counts.members_licensed says the same');

  await decide(first, 'suspend', { reason: 'test' });
  t.same(await figures(), [1, 0], 'suspended at its new club: the destination counts nobody');
});
