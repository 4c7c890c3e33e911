// The federation's registry: one person per human being, whatever club they play for. Only the
// federation reads it; clubs see their members. Personal data is served only as listed here.
import * as v from 'valibot';
import { licenseMachine } from './licenses.js';
import { genders, type MemberRow } from './members.js';
import { nameKeys } from './person-names.js';
import { groupBy, omit } from './rows.js';
import { defineStore } from './store.js';
import type { Db, Unit } from './unit.js';
import type { Workspace } from '../workspace.js';
import { columnsOf, out, resourceMeta, type RowOf } from './fields.js';

/** A person as the API answers it, without the licenses the person's view adds. */
export const personFields = {
  ...resourceMeta,
  first_name: v.string(),
  last_name: v.string(),
  birth_date: out.date,
  gender: v.picklist(genders),
  current_club_id: v.pipe(v.nullable(v.string()), v.description('The club of the latest approved license or transfer.')),
};
export type PersonRow = RowOf<typeof personFields>;

/** A license as a person's answer lists it. */
export const personLicenseFields = {
  id: v.string(),
  number: v.nullable(v.string()),
  season_id: v.string(),
  category_code: v.string(),
  club_id: v.string(),
  status: v.picklist(licenseMachine.states),
};
type PersonLicense = RowOf<typeof personLicenseFields>;

export const persons = defineStore<PersonRow>({
  type: 'person',
  table: 'persons',
  columns: columnsOf(personFields),
  visible: (sql, ws) => (ws.kind === 'federation' ? sql`federation_id = ${ws.id}` : sql`false`),
  audience: (_row, ws) => ({ workspaces: [ws.federationId] }),
});

type Identity = Pick<MemberRow, 'first_name' | 'last_name' | 'birth_date'>;

/**
 * The duplicate check: the federation's persons with the same birth date and the same names
 * compared without case and accents, oldest first. Served by persons_identity_idx (the EXPLAIN
 * test runs this very query).
 */
export function samePersonQuery(db: Db, federationId: string, who: Identity) {
  const keys = nameKeys(who);
  return db<PersonRow[]>`
    select ${persons.selection} from persons
    where federation_id = ${federationId} and birth_date = ${who.birth_date}
      and last_name_key = ${keys.last_name_key} and first_name_key = ${keys.first_name_key}
    order by id limit 1`;
}

/**
 * The member's person, its row locked for the caller's writes: the one it is linked to, else the
 * same person found by the duplicate check, else a new one made from the member, registered at
 * `clubId`. Concurrent approvals for one human being wait for each other here, so they find one
 * person rather than each creating their own.
 */
export async function personOf(unit: Unit, member: MemberRow, clubId: string): Promise<PersonRow> {
  const { sql, workspace } = unit;
  if (member.person_id) return persons.get(sql, workspace, member.person_id, { lock: true });
  const keys = nameKeys(member);
  // Sent together: Postgres runs the check only once the lock is granted.
  const [, [same]] = await Promise.all([
    sql`select pg_advisory_xact_lock(hashtext('partner-service:person'),
      hashtext(${`${workspace.federationId}|${member.birth_date}|${keys.last_name_key}|${keys.first_name_key}`}))`,
    sql<PersonRow[]>`${samePersonQuery(sql, workspace.federationId, member)} for update`,
  ]);
  if (same) return same;
  return persons.insert(unit, {
    federation_id: workspace.federationId,
    first_name: member.first_name,
    last_name: member.last_name,
    ...keys,
    birth_date: member.birth_date,
    gender: member.gender,
    current_club_id: clubId,
  });
}

/** Moves the person's registration to `clubId` (a license approved or transferred there). */
export async function placeAt(unit: Unit, person: PersonRow, clubId: string): Promise<PersonRow> {
  return person.current_club_id === clubId ? person : persons.update(unit, person, { current_club_id: clubId });
}

/** Persons as `federation.persons.*` serve them: each with its licenses, newest first (one query). */
export async function withLicenses<P extends PersonRow>(db: Db, ws: Workspace, rows: P[]): Promise<(P & { licenses: PersonLicense[] })[]> {
  const all = rows.length === 0 ? [] : await db<(PersonLicense & { person_id: string })[]>`
    select ${db(columnsOf(personLicenseFields))}, person_id from licenses
    where federation_id = ${ws.federationId} and person_id = any(${rows.map((r) => r.id)}::bigint[]) order by id desc`;
  const licensesOf = groupBy(all, 'person_id');
  return rows.map((row) => ({
    ...row,
    licenses: (licensesOf.get(row.id) ?? []).map((license) => omit(license, ['person_id'])),
  }));
}
