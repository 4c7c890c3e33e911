import type { Deadline } from './deadline.js';

/**
 * A cap on one workspace's write transactions at once. A write waiting on a row lock holds its
 * pooled connection all the while: without a cap, writers queued on one hot row take every
 * connection and starve every other workspace's requests and /health. Past the cap, writers wait
 * here, holding nothing, until a lane frees or their deadline passes.
 */
export interface WriteLanes {
  run<T>(workspaceId: string, work: () => Promise<T>, deadline: Deadline): Promise<T>;
}

interface Lane { running: number; waiting: (() => void)[] }

export function writeLanes(perWorkspace: number): WriteLanes {
  const lanes = new Map<string, Lane>();

  const release = (workspaceId: string, lane: Lane) => {
    const next = lane.waiting.shift();
    if (next) return next(); // the lane passes straight to the next writer
    lane.running--;
    if (lane.running === 0) lanes.delete(workspaceId);
  };

  return {
    async run(workspaceId, work, deadline) {
      let lane = lanes.get(workspaceId);
      if (!lane) lanes.set(workspaceId, (lane = { running: 0, waiting: [] }));
      if (lane.running < perWorkspace) lane.running++;
      else await new Promise<void>((resolve) => lane.waiting.push(resolve));
      try {
        deadline.check(); // answered 503 while waiting: do not start
        return await work();
      } finally {
        release(workspaceId, lane);
      }
    },
  };
}
