// A federation's seasons: the federation writes them, its clubs read them.
import { defineStore, type Versioned } from './store.js';

export interface SeasonRow extends Versioned {
  name: string;
  starts_on: string;
  ends_on: string;
  status: 'planned' | 'open' | 'closed';
  created_at: Date;
  updated_at: Date;
}

export const seasons = defineStore<SeasonRow>({
  type: 'season',
  table: 'seasons',
  owner: 'federation',
  columns: ['id', 'name', 'starts_on', 'ends_on', 'status', 'created_at', 'updated_at', 'version'],
  visible: (sql, ws) => sql`federation_id = ${ws.federationId}`,
  audience: (_row, ws) => ({ workspaces: [ws.federationId], clubsOf: ws.federationId }),
});
