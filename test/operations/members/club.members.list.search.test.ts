// A member search (`q`) examines at most searchScan members a page: a page may be short, even
// empty, with next_cursor set, and following the cursors finds every match once.
import t from 'tap';
import { createClub, createMembers } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { checkBadCursors, checkSearchWalk } from '../../support/search-walk.js';

const service = await startService(t);
const club = await createClub(service);
await createMembers(service, club, 2_500);

const matches = async (q: string) => (await service.sql`
  select id from members where club_id = ${club.id} and lower(first_name || ' ' || last_name) like ${`%${q}%`} order by id`).map((r) => r.id as string);

t.test('a rare match: short pages with a cursor, then every match once', async (t) => {
  // last25: Last25, Last250-259 among the first 1 000; none in the next 1 000; Last2500.
  await checkSearchWalk(t, club, '/v1/club/members?q=last25&limit=25', await matches('last25'), true);
});

t.test('a frequent match: full pages, every match once', async (t) => {
  await checkSearchWalk(t, club, '/v1/club/members?q=LAST1&limit=100', await matches('last1'), false);
});

t.test('a forged, garbled or foreign cursor is 400 invalid_cursor', async (t) => {
  await checkBadCursors(t, club, '/v1/club/members?q=last25&limit=25', '/v1/club/members?q=last2&limit=25');
});
