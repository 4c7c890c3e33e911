// Requests in flight per credential (conventions.md, Rate limits): one more than the limit is
// refused at once, never queued, so one credential cannot keep thousands of requests (and their
// sockets, memory and waits) open. Counted in this instance's memory: N instances allow N times
// the limit, as they allow N times their pools.

/** Takes a place for a credential's request; `undefined` when it already has `max` in flight. */
export interface InFlight {
  readonly max: number;
  enter(credentialId: string): (() => void) | undefined;
  /** The credential's requests in flight now (for tests and the log). */
  count(credentialId: string): number;
}

export function inFlightLimit(max: number): InFlight {
  const counts = new Map<string, number>();
  return {
    max,
    enter(credentialId) {
      const n = counts.get(credentialId) ?? 0;
      if (n >= max) return undefined;
      counts.set(credentialId, n + 1);
      let left = false;
      // Idempotent: a request leaves once, whichever of its endings calls first.
      return () => {
        if (left) return;
        left = true;
        const rest = counts.get(credentialId)! - 1;
        if (rest === 0) counts.delete(credentialId); // no entry per idle credential
        else counts.set(credentialId, rest);
      };
    },
    count: (credentialId) => counts.get(credentialId) ?? 0,
  };
}
