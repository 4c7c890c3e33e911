import { ApiError } from '../errors.js';
import { deadlineCancelled } from '../metrics/series.js';
import { overrun } from './errors.js';

/**
 * The time a request may spend on the database, connection wait included. Once it is spent the
 * request is answered 503 (`race`). Postgres ends the statements: a write's transaction carries
 * the time left as its statement timeout (src/db/write.ts), a read's session the deadline itself
 * (src/db/pool.ts `readOnlyPool`). A write that outlives its request rolls back (`check` before
 * COMMIT), and a request still waiting for its workspace's share never starts.
 */
export interface Deadline {
  /** Settles like `work`, or rejects with 503 when the time is spent (`work` then runs on unobserved). */
  race<T>(work: Promise<T>): Promise<T>;
  /** Runs `step` off the clock: the client sending its body spends its own time, not the database's. */
  offClock<T>(step: () => Promise<T>): Promise<T>;
  readonly passed: boolean;
  /** The milliseconds left (0 once passed). */
  readonly left: number;
  /** Throws the 503 once the time is spent. */
  check(): void;
  clear(): void;
}

const late = overrun;

// A class rather than closures: one per request on the hot path, so it allocates as little as it can.
class RequestDeadline implements Deadline {
  #left: number;
  #since = performance.now();
  #passed = false;
  #timer: NodeJS.Timeout | undefined;
  #reject: ((error: ApiError) => void) | undefined;

  constructor(ms: number) {
    this.#left = ms;
    this.#arm();
  }

  #arm(): void {
    this.#timer = setTimeout(() => {
      this.#passed = true;
      deadlineCancelled();
      this.#reject?.(late());
    }, Math.max(0, this.#left));
  }

  race<T>(work: Promise<T>): Promise<T> {
    if (this.#passed) {
      work.catch(() => {});
      return Promise.reject(late());
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      work.then(resolve, reject);
    });
  }

  async offClock<T>(step: () => Promise<T>): Promise<T> {
    clearTimeout(this.#timer);
    this.#left -= performance.now() - this.#since;
    try {
      return await step();
    } finally {
      this.#since = performance.now();
      if (!this.#passed) this.#arm();
    }
  }

  get passed(): boolean {
    return this.#passed;
  }

  get left(): number {
    return this.#passed ? 0 : Math.max(0, this.#left - (performance.now() - this.#since));
  }

  check(): void {
    if (this.#passed) throw late();
  }

  clear(): void {
    clearTimeout(this.#timer);
    // The race's resolving functions hold its promise, and so the request's answer: whatever
    // still holds this deadline must not keep that alive. Kept, a members page's answer reached
    // V8's old generation: 0.72-0.77 full collections per 1000 pages against 0.54-0.61 once
    // dropped (issue 21's bench, 3 pairs).
    this.#reject = undefined;
  }
}

export function startDeadline(ms: number): Deadline {
  return new RequestDeadline(ms);
}
