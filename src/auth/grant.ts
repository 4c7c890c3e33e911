import type { WorkspaceKind } from '../workspace.js';
import { scopeCatalog, isScope, type Scope } from './scopes.js';

type RefusalReason = 'scope_unknown' | 'scope_staff_only' | 'scope_unmapped' | 'scope_not_permitted';

interface Refusal {
  scope: string;
  reason: RefusalReason;
}

interface Issuer {
  isOwner: boolean;
  permissions: string[];
}

/**
 * The grant rules of auth.md, in their order. Only the catalog and the issuer's permissions
 * decide: nothing about the workspace (package, subscription, modules, flags) is an input.
 */
export function refuseScopes(kind: WorkspaceKind, requested: string[], issuer: Issuer): Refusal[] {
  const refusals: Refusal[] = [];
  for (const scope of requested) {
    const reason = refusal(kind, scope, issuer);
    if (reason) refusals.push({ scope, reason });
  }
  return refusals;
}

function refusal(kind: WorkspaceKind, scope: string, issuer: Issuer): RefusalReason | undefined {
  if (!isScope(scope) || scopeCatalog[scope].kind !== kind) return 'scope_unknown';
  const permission: string = scopeCatalog[scope].issuer;
  if (permission === 'staff-only') return 'scope_staff_only';
  if (permission === 'unmapped') return 'scope_unmapped';
  if (!issuer.isOwner && !issuer.permissions.includes(permission)) return 'scope_not_permitted';
  return undefined;
}

export function grantedScopes(requested: string[]): Scope[] {
  return [...new Set(requested)].filter(isScope).sort();
}
