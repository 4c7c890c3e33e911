// Teams with their rosters, and the club's activities.
import type { Service } from '../harness.js';
import type { Area } from './area.js';
import { openSeasonOf } from './seasons.js';
import type { Tenant } from './workspaces.js';

export async function createTeam(service: Service, club: Tenant, fields: { season_id?: string; name?: string; status?: 'active' | 'archived' } = {}): Promise<string> {
  const season = fields.season_id ?? (await openSeasonOf(service, club.federationId));
  const [row] = await service.sql<{ id: string }[]>`
    insert into teams (federation_id, club_id, name, season_id, category, gender, status)
    values (${club.federationId}, ${club.id}, ${fields.name ?? 'U12'}, ${season}, 'U12', 'mixed', ${fields.status ?? 'active'}) returning id`;
  return row!.id;
}

export async function addToRoster(service: Service, teamId: string, memberId: string, role = 'player', shirt: number | null = null): Promise<void> {
  await service.sql`
    insert into roster_entries (federation_id, team_id, member_id, role, shirt_number)
    select federation_id, id, ${memberId}, ${role}, ${shirt} from teams where id = ${teamId}`;
}

export async function createActivity(service: Service, club: Tenant, fields: { team_id?: string | null; status?: 'scheduled' | 'cancelled'; starts_at?: string } = {}): Promise<string> {
  const starts = new Date(fields.starts_at ?? '2030-06-01T10:00:00.000Z');
  const [row] = await service.sql<{ id: string }[]>`
    insert into activities (federation_id, club_id, kind, title, team_id, starts_at, ends_at, status)
    values (${club.federationId}, ${club.id}, 'training', 'Training', ${fields.team_id ?? null}, ${starts}, ${new Date(starts.getTime() + 3_600_000)}, ${fields.status ?? 'scheduled'})
    returning id`;
  return row!.id;
}

export const teams: Area = {
  inState: {
    activity: (service, club, state) => createActivity(service, club, { status: state as 'scheduled' | 'cancelled' }),
  },
  ownedIds: {
    team_id: (service, club) => createTeam(service, club),
    activity_id: (service, club) => createActivity(service, club),
  },
};
