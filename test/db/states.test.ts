// Every state of every machine, and every enum the API takes or shows, is the list its table's
// CHECK constraint allows: a value added on one side only fails here, not in production.
import t from 'tap';
import postgres from 'postgres';
import { operations } from '../../src/operations/index.js';
import { activityKinds, activityMachine, attendanceStatuses } from '../../src/resources/activities.js';
import { categoryStatuses } from '../../src/resources/categories.js';
import { clubMachine } from '../../src/resources/clubs.js';
import { competitionMachine } from '../../src/resources/competitions.js';
import { entryMachine } from '../../src/resources/entries.js';
import { invoiceMachine, paymentMethods } from '../../src/resources/invoices.js';
import { licenseMachine } from '../../src/resources/licenses.js';
import { storedStates, type Machine } from '../../src/resources/machine.js';
import { legs, matchMachine, resultSources } from '../../src/resources/matches.js';
import { genders, memberMachine } from '../../src/resources/members.js';
import { officialRoles, officialStatuses } from '../../src/resources/officials.js';
import { planStatuses } from '../../src/resources/plans.js';
import { sanctionKinds, sanctionMachine, subjectTypes } from '../../src/resources/sanctions.js';
import { seasonMachine } from '../../src/resources/seasons.js';
import { rosterRoles, teamGenders, teamStatuses } from '../../src/resources/teams.js';
import { transferMachine } from '../../src/resources/transfers.js';
import { endpointStatuses, messageStatuses } from '../../src/webhooks/states.js';
import { workspaceKinds } from '../../src/workspace.js';
import { databaseUrl } from '../support/harness.js';

const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
t.teardown(() => sql.end());

const machines: Record<string, Machine<string, string>> = {
  'workspaces.status': clubMachine,
  'seasons.status': seasonMachine,
  'members.status': memberMachine,
  'activities.status': activityMachine,
  'licenses.status': licenseMachine,
  'transfers.status': transferMachine,
  'competitions.status': competitionMachine,
  'entries.status': entryMachine,
  'matches.status': matchMachine,
  'sanctions.status': sanctionMachine,
  'invoices.status': invoiceMachine,
};

const enums: Record<string, readonly (string | number)[]> = {
  'workspaces.kind': workspaceKinds,
  'license_categories.status': categoryStatuses,
  'members.gender': genders,
  'persons.gender': genders,
  'teams.gender': teamGenders,
  'teams.status': teamStatuses,
  'roster_entries.role': rosterRoles,
  'activities.kind': activityKinds,
  'attendance.status': attendanceStatuses,
  'competitions.legs': legs,
  'matches.leg': legs,
  'matches.result_source': resultSources,
  'officials.status': officialStatuses,
  'match_officials.role': officialRoles,
  'sanctions.subject_type': subjectTypes,
  'sanctions.kind': sanctionKinds,
  'membership_plans.status': planStatuses,
  'payments.method': paymentMethods,
  'webhook_endpoints.status': endpointStatuses,
  'webhook_messages.status': messageStatuses,
};

/** Lists no partner sends or reads as such: the service's own bookkeeping and credential records. */
const internal = new Set(['credentials.algorithm', 'credentials.kind', 'credentials.status', 'idempotency_keys.state']);

/** `table.column` → the values of each CHECK that is exactly `column in (…)`. */
async function checkLists(): Promise<Map<string, (string | number)[]>> {
  const rows = await sql<{ table: string; def: string }[]>`
    select conrelid::regclass::text as table, pg_get_constraintdef(oid) as def
    from pg_constraint where contype = 'c' and connamespace = 'public'::regnamespace`;
  const lists = new Map<string, (string | number)[]>();
  for (const { table, def } of rows) {
    const m = /^CHECK \(\((\w+) = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(def);
    if (!m) continue;
    const values = m[2]!.split(', ').map((v) => {
      const text = /^'(.*)'::text$/.exec(v);
      return text ? text[1]! : Number(v);
    });
    lists.set(`${table}.${m[1]}`, values);
  }
  return lists;
}

const sorted = (list: readonly (string | number)[]) => [...list].map(String).sort();

t.test('each machine stores exactly the states its table allows', async (t) => {
  const lists = await checkLists();
  for (const [column, machine] of Object.entries(machines)) {
    t.same(sorted(lists.get(column) ?? []), sorted(storedStates(machine)), `${column}: the ${machine.type} machine`);
  }
});

t.test('each enum is exactly the list its table allows', async (t) => {
  const lists = await checkLists();
  for (const [column, values] of Object.entries(enums)) t.same(sorted(lists.get(column) ?? []), sorted(values), column);
});

t.test('every list the schema checks has its one source here', async (t) => {
  const lists = await checkLists();
  t.ok(lists.size > 20, `${lists.size} checked lists found`);
  for (const column of lists.keys()) {
    t.ok(Object.hasOwn(machines, column) || Object.hasOwn(enums, column) || internal.has(column), `${column} is tied to its source`);
  }
  for (const column of internal) t.ok(lists.has(column), `${column} still exists`);
});

t.test('every machine an operation runs is compared', async (t) => {
  const compared = new Set(Object.values(machines));
  for (const op of operations) {
    if (op.transition) t.ok(compared.has(op.transition.machine), `${op.id}: the ${op.transition.machine.type} machine`);
  }
});

t.test('a derived state is one of the machine\'s states and never stored', async (t) => {
  t.same(sanctionMachine.derived, ['expired']);
  t.notOk(storedStates(sanctionMachine).includes('expired'));
});
