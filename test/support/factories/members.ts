// Club members, one at a time or in volume.
import type { Service } from '../harness.js';
import type { Area } from './area.js';
import type { Tenant } from './workspaces.js';

export interface MemberFields {
  first_name?: string; last_name?: string; birth_date?: string; gender?: string; status?: 'active' | 'archived';
  external_ref?: string | null; guardians?: unknown[];
}

export async function createMember(service: Service, club: Pick<Tenant, 'id' | 'federationId'>, fields: MemberFields = {}): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into members (federation_id, club_id, first_name, last_name, birth_date, gender, status, external_ref, guardians)
    values (${club.federationId}, ${club.id}, ${fields.first_name ?? 'Sem'}, ${fields.last_name ?? 'de Vries'}, ${fields.birth_date ?? '2012-06-01'},
      ${fields.gender ?? 'male'}, ${fields.status ?? 'active'}, ${fields.external_ref ?? null}, ${service.sql.json((fields.guardians ?? []) as never)})
    returning id`;
  return row!.id;
}

/** Many members of one club in one statement (EXPLAIN tests, benchmarks). */
export async function createMembers(service: Service, club: Tenant, count: number): Promise<void> {
  await service.sql`
    insert into members (federation_id, club_id, first_name, last_name, birth_date, gender, external_ref, status, guardians)
    select ${club.federationId}, ${club.id}, 'First' || i, 'Last' || i, date '2000-01-01' + (i % 5000), 'female', 'ref-' || i,
      case when i % 10 = 0 then 'archived' else 'active' end, '[]'
    from generate_series(1, ${count}) as i`;
  await service.sql`analyze members`;
}

export const members: Area = {
  inState: {
    member: (service, club, state) => createMember(service, club, { status: state as 'active' | 'archived' }),
  },
  ownedIds: {
    member_id: (service, club) => createMember(service, club),
  },
};
