// Who manages a workspace's webhook endpoints: an operator of that workspace whom the grant rules
// of `credential issue` allow to issue `<kind>:changes:read` there (club.view, federation.view, or
// an owner), since an endpoint receives exactly that feed. No operator reaches another workspace's
// endpoints, in their federation or any other.
import type { Sql } from 'postgres';
import { refuseScopes } from '../auth/grant.js';
import { nothing } from '../db/driver.js';
import { ApiError } from '../errors.js';
import type { WorkspaceKind } from '../workspace.js';

export const isId = (raw: string) => /^[1-9][0-9]{0,17}$/.test(raw);

export interface Managed {
  workspaceId: string;
  federationId: string;
}

/** The workspace whose endpoints operator `issuerId` manages; `workspaceId`, when given, must be it. */
export async function managedWorkspace(sql: Sql, issuerId: string, workspaceId?: string): Promise<Managed> {
  const nobody = new ApiError('not_found', workspaceId ? `no operator ${issuerId} in workspace ${workspaceId}` : `no operator ${issuerId}`);
  if (!isId(issuerId) || (workspaceId !== undefined && !isId(workspaceId))) throw nobody;
  const [operator] = await sql<{ workspace_id: string; federation_id: string; kind: WorkspaceKind; is_owner: boolean; permissions: string[] }[]>`
    select o.workspace_id::text, coalesce(w.federation_id, w.id)::text as federation_id, w.kind, o.is_owner, o.permissions
    from operators o join workspaces w on w.id = o.workspace_id
    where o.id = ${issuerId} ${workspaceId ? sql`and o.workspace_id = ${workspaceId}` : nothing}`;
  if (!operator) throw nobody;
  const feed = `${operator.kind}:changes:read`;
  const [refused] = refuseScopes(operator.kind, [feed], { isOwner: operator.is_owner, permissions: operator.permissions });
  if (refused) {
    throw new ApiError('action_not_permitted', `operator ${issuerId} may not manage the webhooks of workspace ${operator.workspace_id}: they deliver ${feed}, which the operator may not grant (${refused.reason})`);
  }
  return { workspaceId: operator.workspace_id, federationId: operator.federation_id };
}
