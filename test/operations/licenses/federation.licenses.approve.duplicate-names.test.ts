// The duplicate check through the API: a member whose name is another's with invisible or
// full-width characters is approved onto the same registry person, and keeps its name as sent.
import t, { type Test } from 'tap';
import { createCategory, createClub, createFederation, createLicense, createMember, createSeason } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { annaInOtherScripts, annaLookAlikes, zoeDisguises } from '../../support/names.js';

const service = await startService(t);

/** A federation with an open season, and a way to approve a new club's member of a given first name. */
async function registry() {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id, 'open', 2033);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const approve = async (t: Test, first_name: string) => {
    const club = await createClub(service, federation);
    const member = await createMember(service, club, { first_name, last_name: 'de Vries', birth_date: '2010-03-03' });
    const license = await createLicense(service, club.id, { season_id: season, category_id: category, member_id: member });
    const res = await federation.call('POST', `/v1/federation/licenses/${license}/approve`);
    t.equal(res.status, 200, `${JSON.stringify(first_name)} approved`);
    t.equal((await club.call('GET', `/v1/club/members/${member}`)).body.data.first_name, first_name, 'the member keeps the name as sent');
    return res.body.data.person_id as string;
  };
  return { federation, approve };
}

t.test('each of the eight disguises of "Zoë" is linked to the one person "Zoë"', async (t) => {
  const { federation, approve } = await registry();
  const person = await approve(t, 'Zoë');
  for (const name of zoeDisguises) t.equal(await approve(t, name), person, `${JSON.stringify(name)} is the same person`);
  const persons = (await federation.call('GET', '/v1/federation/persons?limit=100')).body.data;
  t.same(persons.map((p: { id: string; first_name: string }) => [p.id, p.first_name]), [[person, 'Zoë']], 'one person, named as first sent');
});

t.test('look-alike letters of another script and U+FFF9 are "Anna"; "Anna" in Cyrillic or Greek is another person', async (t) => {
  const { federation, approve } = await registry();
  const person = await approve(t, 'Anna');
  for (const name of annaLookAlikes) t.equal(await approve(t, name), person, `${JSON.stringify(name)} is the same person`);
  const others = [];
  for (const name of annaInOtherScripts) others.push(await approve(t, name));
  t.equal(new Set([person, ...others]).size, 3, 'one person per script');
  const persons = (await federation.call('GET', '/v1/federation/persons?limit=100')).body.data;
  t.same(persons.map((p: { first_name: string }) => p.first_name), ['Anna', ...annaInOtherScripts], 'named as first sent');
});
