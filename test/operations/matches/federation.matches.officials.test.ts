// federation.matches.officials: the whole list at once, at most one referee, active officials of
// the federation only, one match per official and UTC day, also when two assignments race.
import t from 'tap';
import { feedOf } from '../../support/feeds.js';
import { startService } from '../../support/harness.js';
import { newClub, createFederation, createMatch, createOfficial, type Tenant } from '../../support/factories.js';

const service = await startService(t);
const put = (federation: Tenant, match: string, officials: unknown) =>
  federation.call('PUT', `/v1/federation/matches/${match}/officials`, { officials });

async function setup() {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const match = await createMatch(service, home, undefined, { scheduled_at: '2030-10-05T13:00:00.000Z' });
  const refs = [await createOfficial(service, federation.id), await createOfficial(service, federation.id), await createOfficial(service, federation.id)];
  return { federation, home, match, refs };
}

t.test('a referee and assistants: 200 with the match; the clubs see them; the same list again changes nothing', async (t) => {
  const { federation, home, match, refs } = await setup();
  const list = [{ official_id: refs[1], role: 'assistant_referee' }, { official_id: refs[0], role: 'referee' }];
  const res = await put(federation, match, list);
  t.equal(res.status, 200);
  t.equal(res.body.data.version, 2);
  t.same(res.body.data.officials, [{ official_id: refs[1], role: 'assistant_referee' }, { official_id: refs[0], role: 'referee' }]);
  t.same((await home.call('GET', `/v1/club/matches/${match}`)).body.data.officials, res.body.data.officials);
  t.same((await put(federation, match, [...list].reverse())).body.data, res.body.data, 'no new version');
  const emptied = await put(federation, match, []);
  t.same(emptied.body.data.officials, []);
  t.equal(emptied.body.data.version, 3);
  t.same((await feedOf(home)).filter((r) => r[0] === 'match'), [['match', match, 'updated', 2], ['match', match, 'updated', 3]]);
});

t.test('more than one referee, an official twice, or more than four: 422 and nothing assigned', async (t) => {
  const { federation, match, refs } = await setup();
  const cases: [unknown[], string][] = [
    [[{ official_id: refs[0], role: 'referee' }, { official_id: refs[1], role: 'referee' }], '/officials'],
    [[{ official_id: refs[0], role: 'referee' }, { official_id: refs[0], role: 'commissioner' }], '/officials/1/official_id'],
    [[1, 2, 3, 4, 5].map(() => ({ official_id: refs[0], role: 'commissioner' })), '/officials'],
    [[{ official_id: refs[0], role: 'linesman' }], '/officials/0/role'],
    [[{ official_id: refs[0] }], '/officials/0/role'],
  ];
  for (const [list, path] of cases) {
    const res = await put(federation, match, list);
    t.equal(res.status, 422, JSON.stringify(list));
    t.equal(res.body.code, 'validation_failed');
    t.same(res.body.errors.map((e: any) => e.path), [path]);
  }
  t.same((await federation.call('GET', `/v1/federation/matches/${match}`)).body.data.officials, []);
});

t.test('inactive officials: 422 official_inactive naming each; another federation\'s: 422 naming the field', async (t) => {
  const { federation, match, refs } = await setup();
  const retired = [await createOfficial(service, federation.id, { status: 'inactive' }), await createOfficial(service, federation.id, { status: 'inactive' })];
  const res = await put(federation, match, [{ official_id: refs[0], role: 'referee' }, { official_id: retired[0], role: 'fourth_official' },
    { official_id: retired[1], role: 'commissioner' }]);
  t.equal(res.status, 422);
  t.equal(res.body.code, 'rule_violation');
  t.equal(res.body.reason, 'official_inactive');
  t.same(res.body.errors.map((e: any) => [e.path, e.reason]), [['/officials/1/official_id', 'official_inactive'], ['/officials/2/official_id', 'official_inactive']]);
  const foreign = await createOfficial(service, (await createFederation(service)).id);
  const other = await put(federation, match, [{ official_id: foreign, role: 'referee' }]);
  t.equal(other.status, 422);
  t.equal(other.body.code, 'validation_failed');
  t.same(other.body.errors.map((e: any) => e.path), ['/officials/0/official_id']);
  t.same((await federation.call('GET', `/v1/federation/matches/${match}`)).body.data.officials, []);
});

t.test('the same official on two matches of one UTC day: 409 conflict; another day is fine', async (t) => {
  const { federation, home, match, refs } = await setup();
  const sameDay = await createMatch(service, home, undefined, { scheduled_at: '2030-10-05T23:30:00.000Z' });
  const nextDay = await createMatch(service, home, undefined, { scheduled_at: '2030-10-06T00:30:00.000Z' });
  t.equal((await put(federation, match, [{ official_id: refs[0], role: 'referee' }])).status, 200);
  const clash = await put(federation, sameDay, [{ official_id: refs[1], role: 'referee' }, { official_id: refs[0], role: 'assistant_referee' }]);
  t.equal(clash.status, 409);
  t.equal(clash.body.code, 'conflict');
  t.same((await federation.call('GET', `/v1/federation/matches/${sameDay}`)).body.data.officials, []);
  t.equal((await put(federation, nextDay, [{ official_id: refs[0], role: 'referee' }])).status, 200);
});

t.test('two assignments of one official to two matches of a day, at once: one 200, one 409', async (t) => {
  const { federation, home, refs } = await setup();
  for (let round = 0; round < 5; round++) {
    const day = `2031-0${round + 1}-10`;
    const m1 = await createMatch(service, home, undefined, { scheduled_at: `${day}T10:00:00.000Z` });
    const m2 = await createMatch(service, home, undefined, { scheduled_at: `${day}T16:00:00.000Z` });
    const answers = await Promise.all([put(federation, m1, [{ official_id: refs[2], role: 'referee' }]), put(federation, m2, [{ official_id: refs[2], role: 'referee' }])]);
    t.same(answers.map((r) => r.status).sort(), [200, 409], day);
    const [row] = await service.sql`select count(*)::int as n from match_officials where official_id = ${refs[2]!} and match_day = ${day}`;
    t.equal(row!.n, 1);
  }
});
