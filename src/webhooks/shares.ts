// How the instance's delivery slots are shared: no workspace holds more than its share, counted
// per instance (each instance knows its own attempts in flight exactly; claim.ts uses the count).

/** WEBHOOK_WORKSPACE_SHARE unless set: 4 of the default 16 slots, so one workspace's slow endpoints leave 12 to the others. */
export const defaultWorkspaceShare = 25;

/** The slots one workspace may hold: `sharePercent` of the instance's, at least one. */
export const workspaceSlots = (concurrency: number, sharePercent: number) => Math.max(1, Math.floor((concurrency * sharePercent) / 100));

export interface Held {
  take(workspace: string): void;
  give(workspace: string): void;
  /** The workspaces with attempts in flight, and how many each. */
  entries(): [workspaces: string[], counts: number[]];
}

/** Attempts in flight per workspace in this instance. */
export function heldAttempts(): Held {
  const count = new Map<string, number>();
  return {
    take: (workspace) => void count.set(workspace, (count.get(workspace) ?? 0) + 1),
    give(workspace) {
      const left = (count.get(workspace) ?? 1) - 1;
      if (left > 0) count.set(workspace, left);
      else count.delete(workspace);
    },
    entries: () => [[...count.keys()], [...count.values()]],
  };
}
