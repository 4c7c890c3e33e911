// A person search (`q`) examines at most searchScan persons a page: a page may be short, even
// empty, with next_cursor set, and following the cursors finds every match once.
import t from 'tap';
import { createFederation, createPersons } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { checkBadCursors, checkSearchWalk } from '../../support/search-walk.js';

const service = await startService(t);
const federation = await createFederation(service);
await createPersons(service, federation.id, 2_500);

const matches = async (q: string) => (await service.sql`
  select id from persons where federation_id = ${federation.id} and (first_name_key || ' ' || last_name_key) like ${`%${q}%`}
  order by id`).map((r) => r.id as string);

t.test('a rare match: short pages with a cursor, then every match once', async (t) => {
  await checkSearchWalk(t, federation, '/v1/federation/persons?q=last25&limit=25', await matches('last25'), true);
});

t.test('a frequent match: full pages, every match once', async (t) => {
  await checkSearchWalk(t, federation, '/v1/federation/persons?q=Last1&limit=100', await matches('last1'), false);
});

t.test('a forged, garbled or foreign cursor is 400 invalid_cursor', async (t) => {
  await checkBadCursors(t, federation, '/v1/federation/persons?q=last25&limit=25', '/v1/federation/persons?q=last2&limit=25');
});
