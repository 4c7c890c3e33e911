// club.matches.get: a match the club plays, with its own lineup (none yet) and its ETag; a club of the
// same federation not party to it gets 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createFederation, createMatch, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get: both parties read the match with their own lineup; a club not party is 404', async (t) => {
  const federation = await createFederation(service);
  const [home, away, outsider] = [await newClub(service, federation.id), await newClub(service, federation.id), await newClub(service, federation.id)];
  const match = await createMatch(service, home, away);
  const res = await home.call('GET', `/v1/club/matches/${match}`);
  t.equal(res.status, 200);
  t.equal(res.headers.get('etag'), `"${res.body.data.version}"`);
  t.match(res.body.data, { id: match, status: 'scheduled', home: { club_id: home.id }, away: { club_id: away.id }, lineup: null });
  t.equal(res.body.data.lineups, undefined, 'a club never sees the other side\'s lineup');
  t.same((await away.call('GET', `/v1/club/matches/${match}`)).body.data, res.body.data);
  const refused = await outsider.call('GET', `/v1/club/matches/${match}`);
  t.equal(refused.status, 404);
  t.equal(refused.body.code, 'not_found');
});
