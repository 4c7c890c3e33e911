import type { WorkspaceKind } from '../workspace.js';

/**
 * The scope catalog and issuer mapping of auth.md, as data. `issuer` is the permission the
 * issuing operator must hold; `unmapped` and `staff-only` scopes can never be granted.
 */
export const scopeCatalog = {
  'club:profile:read': { kind: 'club', issuer: 'club.view' },
  'club:profile:write': { kind: 'club', issuer: 'club.manage' },
  'club:members:read': { kind: 'club', issuer: 'members.view' },
  'club:members:write': { kind: 'club', issuer: 'members.manage' },
  'club:teams:read': { kind: 'club', issuer: 'teams.view' },
  'club:teams:write': { kind: 'club', issuer: 'teams.manage' },
  'club:activities:read': { kind: 'club', issuer: 'activities.view' },
  'club:activities:write': { kind: 'club', issuer: 'activities.manage' },
  'club:billing:read': { kind: 'club', issuer: 'billing.view' },
  'club:billing:write': { kind: 'club', issuer: 'billing.manage' },
  'club:licenses:read': { kind: 'club', issuer: 'licenses.view' },
  'club:licenses:write': { kind: 'club', issuer: 'licenses.manage' },
  'club:competitions:read': { kind: 'club', issuer: 'competitions.view' },
  'club:competitions:write': { kind: 'club', issuer: 'competitions.manage' },
  'club:changes:read': { kind: 'club', issuer: 'club.view' },
  'club:payouts:read': { kind: 'club', issuer: 'unmapped' },
  'federation:profile:read': { kind: 'federation', issuer: 'federation.view' },
  'federation:seasons:write': { kind: 'federation', issuer: 'seasons.manage' },
  'federation:clubs:read': { kind: 'federation', issuer: 'clubs.view' },
  'federation:clubs:write': { kind: 'federation', issuer: 'clubs.manage' },
  'federation:licenses:read': { kind: 'federation', issuer: 'licenses.view' },
  'federation:licenses:write': { kind: 'federation', issuer: 'licenses.manage' },
  'federation:persons:read': { kind: 'federation', issuer: 'persons.view' },
  'federation:transfers:read': { kind: 'federation', issuer: 'transfers.view' },
  'federation:transfers:write': { kind: 'federation', issuer: 'transfers.manage' },
  'federation:competitions:read': { kind: 'federation', issuer: 'competitions.view' },
  'federation:competitions:write': { kind: 'federation', issuer: 'competitions.manage' },
  'federation:matches:read': { kind: 'federation', issuer: 'matches.view' },
  'federation:matches:write': { kind: 'federation', issuer: 'matches.manage' },
  'federation:officials:read': { kind: 'federation', issuer: 'officials.view' },
  'federation:officials:write': { kind: 'federation', issuer: 'officials.manage' },
  'federation:sanctions:read': { kind: 'federation', issuer: 'sanctions.view' },
  'federation:sanctions:write': { kind: 'federation', issuer: 'sanctions.manage' },
  'federation:changes:read': { kind: 'federation', issuer: 'federation.view' },
  'federation:audit:read': { kind: 'federation', issuer: 'staff-only' },
  'federation:persons:sensitive:read': { kind: 'federation', issuer: 'staff-only' },
  'federation:payouts:read': { kind: 'federation', issuer: 'unmapped' },
} as const satisfies Record<string, { kind: WorkspaceKind; issuer: string }>;

export type Scope = keyof typeof scopeCatalog;

export function isScope(value: string): value is Scope {
  return Object.hasOwn(scopeCatalog, value);
}

/** Every scope an owner of a workspace of this kind can grant. */
export function grantableScopes(kind: WorkspaceKind): Scope[] {
  return (Object.keys(scopeCatalog) as Scope[]).filter((scope) => {
    const entry = scopeCatalog[scope];
    return entry.kind === kind && entry.issuer !== 'staff-only' && entry.issuer !== 'unmapped';
  });
}
