// Licensing and discipline: categories, persons, licenses, transfers and sanctions in any state.
import type { Fragment } from 'postgres';
import { nameKey } from '../../../src/resources/person-names.js';
import type { Service } from '../harness.js';
import type { Area } from './area.js';
import { createMember } from './members.js';
import { openSeasonOf } from './seasons.js';
import { clubOf, createClubWorkspace, tag } from './workspaces.js';

type LicenseState = 'requested' | 'approved' | 'rejected' | 'withdrawn' | 'suspended';
type TransferState = 'requested' | 'released' | 'approved' | 'rejected' | 'cancelled';

export async function createCategory(service: Service, federationId: string, fields: { code: string; name?: string; min_age?: number | null; max_age?: number | null; status?: 'active' | 'retired' }): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into license_categories (federation_id, code, name, min_age, max_age, status)
    values (${federationId}, ${fields.code}, ${fields.name ?? fields.code}, ${fields.min_age ?? null}, ${fields.max_age ?? null}, ${fields.status ?? 'active'})
    returning id`;
  return row!.id;
}

export interface PersonFields { first_name?: string; last_name?: string; birth_date?: string; gender?: string; current_club_id?: string | null }

export async function createPerson(service: Service, federationId: string, fields: PersonFields = {}): Promise<string> {
  const first = fields.first_name ?? 'Noor';
  const last = fields.last_name ?? `Jansen ${tag()}`;
  const [row] = await service.sql<{ id: string }[]>`
    insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender, current_club_id)
    values (${federationId}, ${first}, ${last}, ${nameKey(first)}, ${nameKey(last)}, ${fields.birth_date ?? '2011-05-20'},
      ${fields.gender ?? 'female'}, ${fields.current_club_id ?? null})
    returning id`;
  return row!.id;
}

/** Many persons of one federation in one statement (EXPLAIN tests). */
export async function createPersons(service: Service, federationId: string, count: number): Promise<void> {
  await service.sql`
    insert into persons (federation_id, first_name, last_name, first_name_key, last_name_key, birth_date, gender)
    select ${federationId}, 'First' || i, 'Last' || i, 'first' || i, 'last' || i, date '2000-01-01' + (i % 5000), 'male'
    from generate_series(1, ${count}) as i`;
  await service.sql`analyze persons`;
}

export interface LicenseFields {
  member_id?: string; season_id?: string; category_id?: string; status?: LicenseState; person_id?: string;
}

/** A license of `clubId` in any state; approved and suspended ones carry a number and a person. */
export async function createLicense(service: Service, clubId: string, fields: LicenseFields = {}): Promise<string> {
  const [club] = await service.sql<{ federation_id: string }[]>`select federation_id from workspaces where id = ${clubId}`;
  const federationId = club!.federation_id;
  const memberId = fields.member_id ?? (await createMember(service, { id: clubId, federationId }));
  const seasonId = fields.season_id ?? (await openSeasonOf(service, federationId));
  const categoryId = fields.category_id ?? (await createCategory(service, federationId, { code: `C${tag()}`.toUpperCase() }));
  const status = fields.status ?? 'requested';
  const decided = status === 'approved' || status === 'suspended';
  const personId = fields.person_id ?? (decided ? await createPerson(service, federationId, { current_club_id: clubId }) : null);
  if (personId) await service.sql`update members set person_id = ${personId} where id = ${memberId}`;
  // A decided license takes the next number of its season's year, as an approval would.
  const [row] = await service.sql<{ id: string }[]>`
    with drawn as (
      insert into license_numbers (federation_id, year, last_number)
      select ${federationId}, extract(year from starts_on)::int, 1 from seasons where id = ${seasonId} and ${decided}
      on conflict (federation_id, year) do update set last_number = license_numbers.last_number + 1
      returning year, last_number)
    insert into licenses (federation_id, club_id, member_id, person_id, season_id, category_id, category_code, number, status,
      decided_at, reason, valid_from, valid_until)
    select ${federationId}, ${clubId}, ${memberId}, ${personId}, ${seasonId}, c.id, c.code,
      (select lpad(year::text, 4, '0') || '-' || lpad(last_number::text, 6, '0') from drawn), ${status}, ${status === 'requested' || status === 'withdrawn' ? null : new Date()},
      ${status === 'rejected' || status === 'suspended' ? 'test' : null},
      case when ${decided} then s.starts_on end, case when ${decided} then s.ends_on end
    from license_categories c, seasons s where c.id = ${categoryId} and s.id = ${seasonId}
    returning id`;
  // As the licenses store does, the licensed members' counts follow the write (sql/00025).
  await service.sql`
    select club_licensed_members_apply(${federationId}::bigint, '{}'::licenses[],
      array(select l from licenses l where l.federation_id = ${federationId} and l.id = ${row!.id}))`;
  return row!.id;
}

/** `update licenses set … where …` of one federation, its licensed members' counts kept as the licenses store keeps them (sql/00025). */
export async function updateLicenses(service: Service, federationId: string, set: Fragment, where: Fragment): Promise<void> {
  await service.sql`
    with before as (select coalesce(array_agg(l), '{}') as rows from licenses l where federation_id = ${federationId} and ${where}),
      after as (update licenses set ${set} where federation_id = ${federationId} and ${where} returning *)
    select club_licensed_members_apply(${federationId}::bigint, (select rows from before),
      (select coalesce(array_agg(a::licenses), '{}') from after a))`;
}

export async function licenseNumberOf(service: Service, licenseId: string): Promise<string> {
  const [row] = await service.sql<{ number: string }[]>`select number from licenses where id = ${licenseId}`;
  return row!.number;
}

/** A transfer of an approved license of `fromClubId` to `toClubId`, in any state. */
export async function createTransfer(service: Service, fromClubId: string, toClubId: string, status: TransferState = 'requested'): Promise<string> {
  const licenseId = await createLicense(service, fromClubId, { status: 'approved' });
  const [row] = await service.sql<{ id: string }[]>`
    insert into transfers (federation_id, person_id, license_id, license_number, from_club_id, to_club_id, season_id, status,
      released_at, decided_at)
    select federation_id, person_id, id, number, club_id, ${toClubId}, season_id, ${status},
      ${status === 'requested' ? null : new Date()}, ${['approved', 'rejected'].includes(status) ? new Date() : null}
    from licenses where id = ${licenseId}
    returning id`;
  return row!.id;
}

export interface SanctionFields {
  kind?: 'warning' | 'fine' | 'suspension'; starts_on?: string; ends_on?: string | null; status?: 'active' | 'lifted' | 'expired';
}

/** A sanction of a person (or, with `club`, of a club); `expired` is an active one whose ends_on has passed. */
export async function createSanction(service: Service, federationId: string, subject: { person?: string; club?: string }, fields: SanctionFields = {}): Promise<string> {
  const kind = fields.kind ?? (subject.person ? 'suspension' : 'warning');
  const status = fields.status ?? 'active';
  const endsOn = status === 'expired' ? '2020-12-31' : fields.ends_on ?? null;
  const [row] = await service.sql<{ id: string }[]>`
    insert into sanctions (federation_id, subject_type, person_id, club_id, kind, reason, starts_on, ends_on, amount, currency,
      status, lifted_at, lift_reason)
    values (${federationId}, ${subject.person ? 'person' : 'club'}, ${subject.person ?? null}, ${subject.club ?? null}, ${kind}, 'Test',
      ${fields.starts_on ?? '2020-01-01'}, ${endsOn}, ${kind === 'fine' ? 5000 : null}, ${kind === 'fine' ? 'EUR' : null},
      ${status === 'lifted' ? 'lifted' : 'active'}, ${status === 'lifted' ? new Date() : null}, ${status === 'lifted' ? 'Appeal' : null})
    returning id`;
  return row!.id;
}

export const licensing: Area = {
  inState: {
    license: async (service, actor, state) => createLicense(service, await clubOf(service, actor), { status: state as LicenseState }),
    // A club releases what leaves it and cancels what it asked for: the actor is the party the action needs.
    transfer: async (service, actor, state, action) => {
      const other = await createClubWorkspace(service, actor.federationId);
      const own = await clubOf(service, actor);
      return action === 'release' ? createTransfer(service, own, other, state as TransferState) : createTransfer(service, other, own, state as TransferState);
    },
    sanction: async (service, federation, state) =>
      createSanction(service, federation.id, { person: await createPerson(service, federation.id) }, { status: state as SanctionFields['status'] }),
  },
  ownedIds: {
    category_id: (service, owner) => createCategory(service, owner.federationId, { code: `C${tag()}`.toUpperCase() }),
    person_id: (service, owner) => createPerson(service, owner.federationId),
    license_id: async (service, owner) => createLicense(service, await clubOf(service, owner)),
    transfer_id: async (service, owner) =>
      createTransfer(service, await clubOf(service, owner), await createClubWorkspace(service, owner.federationId)),
    sanction_id: async (service, owner) => createSanction(service, owner.federationId, { person: await createPerson(service, owner.federationId) }),
  },
};

/** Where the federation's license numbering for `year` stands, as if `last` licenses had been approved. */
export async function setLicenseCounter(service: Service, federationId: string, year: number, last: number): Promise<void> {
  await service.sql`
    insert into license_numbers (federation_id, year, last_number) values (${federationId}, ${year}, ${last})
    on conflict (federation_id, year) do update set last_number = excluded.last_number`;
}
