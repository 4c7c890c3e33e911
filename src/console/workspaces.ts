import type { Sql } from 'postgres';
import { ApiError } from '../errors.js';
import type { WorkspaceKind } from '../workspace.js';

interface NewWorkspace {
  kind: WorkspaceKind;
  name: string;
  federationId?: string;
  shortName?: string;
  country?: string;
  package?: string;
  subscriptionStatus?: string;
  modules?: string[];
  flags?: Record<string, string>;
}

export async function createWorkspace(sql: Sql, input: NewWorkspace): Promise<{ id: string; kind: WorkspaceKind; name: string }> {
  if (input.kind === 'club') {
    if (!input.federationId) throw new ApiError('validation_failed', 'a club needs --federation', { errors: [{ path: '/federation', message: 'required for a club' }] });
    const [federation] = await sql`select id from workspaces where id = ${input.federationId} and kind = 'federation'`;
    if (!federation) throw new ApiError('not_found', `no federation ${input.federationId}`);
  } else if (input.federationId) {
    throw new ApiError('validation_failed', 'a federation belongs to no federation', { errors: [{ path: '/federation', message: 'only for a club' }] });
  }
  const [row] = await sql<{ id: string; kind: WorkspaceKind; name: string }[]>`
    insert into workspaces (kind, name, short_name, country, federation_id, package, subscription_status, modules, flags)
    values (${input.kind}, ${input.name}, ${input.shortName ?? null}, ${input.country ?? null}, ${input.federationId ?? null},
            ${input.package ?? null}, ${input.subscriptionStatus ?? null}, ${input.modules ?? []}, ${sql.json(input.flags ?? {})})
    returning id, kind, name`;
  if (input.kind === 'club') {
    await sql`update workspaces set affiliation_number = ${'A' + row!.id.padStart(6, '0')} where id = ${row!.id}`;
  }
  return row!;
}

export async function createOperator(sql: Sql, input: { workspaceId: string; email: string; isOwner?: boolean; permissions?: string[] }): Promise<{ id: string }> {
  const [workspace] = await sql`select id from workspaces where id = ${input.workspaceId}`;
  if (!workspace) throw new ApiError('not_found', `no workspace ${input.workspaceId}`);
  const [row] = await sql<{ id: string }[]>`
    insert into operators (federation_id, workspace_id, email, is_owner, permissions)
    select coalesce(federation_id, id), id, ${input.email}, ${input.isOwner ?? false}, ${input.permissions ?? []}
    from workspaces where id = ${input.workspaceId}
    returning id`;
  return row!;
}
