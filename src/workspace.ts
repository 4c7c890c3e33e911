// Who is calling: the vocabulary every layer shares, so none of them imports it from http/.

export const workspaceKinds = ['club', 'federation'] as const;
export type WorkspaceKind = (typeof workspaceKinds)[number];

export interface Workspace {
  id: string;
  kind: WorkspaceKind;
  /** The federation itself, or the club's federation: the tenant boundary. */
  federationId: string;
}
