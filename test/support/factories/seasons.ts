// The federation's seasons, which teams, competitions, licenses and plans belong to.
import type { Service } from '../harness.js';
import type { Area } from './area.js';

/** A season of the federation (open unless said otherwise), in a random year unless given. */
export async function createSeason(service: Service, federationId: string, status: 'planned' | 'open' | 'closed' = 'open', year = 2000 + Math.floor(Math.random() * 90)): Promise<string> {
  const [row] = await service.sql<{ id: string }[]>`
    insert into seasons (federation_id, name, starts_on, ends_on, status)
    values (${federationId}, ${`Season ${year}`}, ${`${year}-01-01`}, ${`${year}-12-31`}, ${status}) returning id`;
  return row!.id;
}

/** The federation's open season, created when it has none (there is at most one). */
export async function openSeasonOf(service: Service, federationId: string): Promise<string> {
  const [open] = await service.sql<{ id: string }[]>`select id from seasons where federation_id = ${federationId} and status = 'open'`;
  return open?.id ?? createSeason(service, federationId);
}

export async function setSeasonStatus(service: Service, seasonId: string, status: 'planned' | 'open' | 'closed'): Promise<void> {
  await service.sql`update seasons set status = ${status} where id = ${seasonId}`;
}

export const seasons: Area = {
  inState: {
    season: (service, federation, state) => createSeason(service, federation.federationId, state as 'planned' | 'open' | 'closed'),
  },
  ownedIds: {
    season_id: (service, owner) => openSeasonOf(service, owner.federationId),
  },
};
