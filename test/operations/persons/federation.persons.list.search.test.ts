// A person search (`q`) examines at most searchScan persons a page: a page may be short, even
// empty, with next_cursor set, and following the cursors finds every match once.
import t from 'tap';
import { createFederation, createPersons } from '../../support/factories.js';
import { startService } from '../../support/harness.js';
import { searchTests } from '../../support/search-walk.js';

const service = await startService(t);
const federation = await createFederation(service);
await createPersons(service, federation.id, 2_500);

const matches = async (q: string) => (await service.sql`
  select id from persons where federation_id = ${federation.id} and (first_name_key || ' ' || last_name_key) like ${`%${q}%`}
  order by id`).map((r) => r.id as string);

searchTests(t, federation, '/v1/federation/persons', matches);
