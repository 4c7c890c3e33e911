// federation.matches.get: one of the federation's matches with every lineup; the club's view of it is the
// same but for the lineups; another federation's match is 404.
import t from 'tap';
import { startService } from '../../support/harness.js';
import { createFederation, createMatch, newClub } from '../../support/factories.js';

const service = await startService(t);

t.test('get: every lineup (none yet), the rest as a party club sees it; another federation gets 404', async (t) => {
  const federation = await createFederation(service);
  const home = await newClub(service, federation.id);
  const match = await createMatch(service, home);
  const fed = await federation.call('GET', `/v1/federation/matches/${match}`);
  t.equal(fed.status, 200);
  t.equal(fed.headers.get('etag'), `"${fed.body.data.version}"`);
  t.same(fed.body.data.lineups, []);
  t.equal(fed.body.data.lineup, undefined);
  const { lineups: _l, ...fedRest } = fed.body.data;
  const { lineup: _m, ...clubRest } = (await home.call('GET', `/v1/club/matches/${match}`)).body.data;
  t.same(fedRest, clubRest);
  const stranger = await createFederation(service);
  const res = await stranger.call('GET', `/v1/federation/matches/${match}`);
  t.equal(res.status, 404);
  t.equal(res.body.code, 'not_found');
});
