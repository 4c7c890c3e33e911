// federation.persons.list: the registry shows what domain.md lists and nothing more;
// the change feed carries ids and actions, never names or birth dates.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { walkPages } from '../../support/pages.js';
import {
  createCategory, createClub, createFederation, createLicense, createMember, createPerson, createSeason,
} from '../../support/factories.js';

const service = await startService(t);
const personFields = ['birth_date', 'created_at', 'current_club_id', 'first_name', 'gender', 'id', 'last_name', 'licenses', 'updated_at', 'version'];

t.test('list shows the registry\'s fields only, never the member\'s contact data', async (t) => {
  const federation = await createFederation(service);
  const club = await createClub(service, federation);
  const season = await createSeason(service, federation.id, 'open', 2030);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const member = (await club.call('POST', '/v1/club/members', {
    first_name: 'Zoë', last_name: 'Müller-Lüdenscheidt', birth_date: '2012-03-14', gender: 'female', email: 'zoe@example.org',
    phone: '+31 6 1234 5678', external_ref: 'Z-1', guardians: [{ name: 'Petra Müller', relationship: 'mother', email: 'petra@example.org' }],
    address: { line1: 'Dorpsstraat 1', postal_code: '1234 AB', city: 'Utrecht', country: 'NL' },
  })).body.data;
  const license = (await club.call('POST', '/v1/club/licenses', { member_id: member.id, season_id: season, category_id: category })).body.data;
  const approved = (await federation.call('POST', `/v1/federation/licenses/${license.id}/approve`)).body.data;

  const listed = (await walkPages<any>(federation, '/v1/federation/persons')).rows;
  t.equal(listed.length, 1);
  t.equal(listed[0].id, approved.person_id);
  t.same(Object.keys(listed[0]).sort(), personFields);
  t.same(Object.keys(listed[0].licenses[0]).sort(), ['category_code', 'club_id', 'id', 'number', 'season_id', 'status']);
  const served = JSON.stringify(listed);
  for (const secret of ['zoe@example.org', 'Petra', '1234 5678', 'Dorpsstraat', 'Z-1', 'muller-ludenscheidt', 'member_id', 'guardians']) {
    t.notOk(served.includes(secret), `never serves ${secret}`);
  }

  const feeds = [
    ...(await walkPages<any>(federation, '/v1/federation/changes?limit=100')).rows,
    ...(await walkPages<any>(club, '/v1/club/changes?limit=100')).rows,
  ];
  t.ok(feeds.some((c) => c.resource_type === 'person'));
  for (const change of feeds) {
    t.same(Object.keys(change).sort(), ['action', 'id', 'key_id', 'occurred_at', 'request_id', 'resource_id', 'resource_type', 'version']);
  }
  // Whole values: a fragment as short as "Zo" turns up in a random request id now and then.
  const feedText = JSON.stringify(feeds);
  for (const secret of ['Zoë', 'Müller', 'muller', '2012-03-14', 'zoe@example.org']) t.notOk(feedText.includes(secret), `the feed never carries ${secret}`);
});

t.test('list: q without regard to case or accents, club_id, updated_since; never another federation\'s', async (t) => {
  const federation = await createFederation(service);
  const [a, b] = [await createClub(service, federation), await createClub(service, federation)];
  const zoe = await createPerson(service, federation.id, { first_name: 'Zoë', last_name: 'Müller', current_club_id: a.id });
  const zoey = await createPerson(service, federation.id, { first_name: 'Zoey', last_name: 'van Dijk', current_club_id: b.id });
  const anna = await createPerson(service, federation.id, { first_name: 'Anna', last_name: 'Muller_x', current_club_id: a.id });
  const stranger = await createFederation(service);
  const theirs = await createPerson(service, stranger.id, { first_name: 'Zoë', last_name: 'Müller' });
  const ids = async (query: string) => (await walkPages(federation, `/v1/federation/persons${query}`)).ids;
  t.same(await ids('?limit=2'), [zoe, zoey, anna]);
  t.same(await ids('?q=ZOË%20MULLER'), [zoe]);
  t.same(await ids('?q=Zo%C3%AB'), [zoe, zoey], '"Zoë" finds Zoë and Zoey');
  t.same(await ids('?q=y%20van'), [zoey]);
  t.same(await ids('?q=muller'), [zoe, anna]);
  t.same(await ids('?q=r_x'), [anna], 'LIKE wildcards in q are taken literally');
  t.same(await ids('?q=r%25x'), [], 'so is %');
  t.same(await ids(`?club_id=${a.id}`), [zoe, anna]);
  t.same(await ids(`?club_id=${b.id}&q=zo`), [zoey]);
  t.notOk((await ids('')).includes(theirs));

  // updated_since: a person changes when a license of theirs is approved elsewhere.
  const member = await createMember(service, b, { first_name: 'Anna', last_name: 'Muller_x', birth_date: '2011-05-20' });
  const license = await createLicense(service, b.id, { member_id: member, season_id: await createSeason(service, federation.id, 'open', 2030) });
  const approved = (await federation.call('POST', `/v1/federation/licenses/${license}/approve`)).body.data;
  t.equal(approved.person_id, anna, 'the duplicate check found her');
  const moved = (await walkPages<any>(federation, `/v1/federation/persons?club_id=${b.id}`)).rows.find((p) => p.id === anna);
  t.match(moved, { current_club_id: b.id, version: 2 });
  t.same(await ids(`?updated_since=${moved.updated_at}`), [anna]);
  t.equal((await federation.call('GET', '/v1/federation/persons?q=')).body.code, 'invalid_query');
});
