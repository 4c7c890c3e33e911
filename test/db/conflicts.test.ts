// Every conflict message names a real unique constraint or unique index of the schema, and every
// unique one a partner's write can hit has a message.
import t from 'tap';
import { conflicts } from '../../src/db/conflicts.js';
import { createPool } from '../../src/db/pool.js';
import { databaseUrl } from '../support/harness.js';

const sql = createPool(databaseUrl(), 1);
t.teardown(() => sql.end());

const uniques = async (): Promise<Set<string>> => new Set((await sql<{ name: string }[]>`
  select conname as name from pg_constraint where contype = 'u' and connamespace = 'public'::regnamespace
  union
  select c.relname from pg_index i join pg_class c on c.oid = i.indexrelid
  where i.indisunique and not i.indisprimary and c.relnamespace = 'public'::regnamespace`).map((r) => r.name));

/** Unique rules no partner request can break (identities, keys the service generates). */
const internal = new Set(['credentials_key_id_key', 'entries_side_key', 'webhook_messages_endpoint_change_key', 'operators_workspace_id_email_key', 'workspaces_affiliation_idx']);

t.test('the conflict map and the schema agree', async (t) => {
  const schema = await uniques();
  for (const name of Object.keys(conflicts)) t.ok(schema.has(name), `${name} exists in the schema`);
  for (const name of schema) if (!internal.has(name)) t.ok(Object.hasOwn(conflicts, name), `${name} has a conflict message`);
});
