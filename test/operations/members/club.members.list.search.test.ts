// A member search (`q`) examines at most searchScan members a page: a page may be short, even
// empty, with next_cursor set, and following the cursors finds every match once.
import t from 'tap';
import { createClub, createMembers } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { searchTests } from '../../support/search-walk.js';

const service = await startService(t);
const club = await createClub(service);
await createMembers(service, club, 2_500);

const matches = async (q: string) => (await service.sql`
  select id from members where club_id = ${club.id} and lower(first_name || ' ' || last_name) like ${`%${q}%`} order by id`).map((r) => r.id as string);

searchTests(t, club, '/v1/club/members', matches);
