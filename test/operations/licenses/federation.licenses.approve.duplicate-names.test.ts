// The duplicate check through the API: a member whose name is another's with invisible or
// full-width characters is approved onto the same registry person, and keeps its name as sent.
import t from 'tap';
import { createCategory, createClub, createFederation, createLicense, createMember, createSeason } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { zoeDisguises } from '../../support/names.js';

const service = await startService(t);

t.test('each of the eight disguises of "Zoë" is linked to the one person "Zoë"', async (t) => {
  const federation = await createFederation(service);
  const season = await createSeason(service, federation.id, 'open', 2033);
  const category = await createCategory(service, federation.id, { code: 'SEN' });
  const approve = async (first_name: string) => {
    const club = await createClub(service, federation);
    const member = await createMember(service, club, { first_name, last_name: 'de Vries', birth_date: '2010-03-03' });
    const license = await createLicense(service, club.id, { season_id: season, category_id: category, member_id: member });
    const res = await federation.call('POST', `/v1/federation/licenses/${license}/approve`);
    t.equal(res.status, 200, `${JSON.stringify(first_name)} approved`);
    t.equal((await club.call('GET', `/v1/club/members/${member}`)).body.data.first_name, first_name, 'the member keeps the name as sent');
    return res.body.data.person_id as string;
  };
  const person = await approve('Zoë');
  for (const name of zoeDisguises) t.equal(await approve(name), person, `${JSON.stringify(name)} is the same person`);
  const persons = (await federation.call('GET', '/v1/federation/persons?limit=100')).body.data;
  t.same(persons.map((p: { id: string; first_name: string }) => [p.id, p.first_name]), [[person, 'Zoë']], 'one person, named as first sent');
});
