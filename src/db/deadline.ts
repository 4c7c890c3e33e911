import { ApiError } from '../errors.js';
import { unavailable } from './errors.js';

/**
 * The time a request may spend on the database, connection wait included. Once it is spent the
 * request is answered 503; its work may still be under way and must not commit after that.
 */
export interface Deadline {
  /** Settles like `work`, or rejects with 503 when the time is spent (`work` then runs on unobserved). */
  race<T>(work: Promise<T>): Promise<T>;
  /** Runs `step` off the clock: the client sending its body spends its own time, not the database's. */
  offClock<T>(step: () => Promise<T>): Promise<T>;
  readonly passed: boolean;
  /** Throws the 503 once the time is spent. */
  check(): void;
  clear(): void;
}

export function startDeadline(ms: number): Deadline {
  let left = ms;
  let since = performance.now();
  let passed = false;
  let timer: NodeJS.Timeout | undefined;
  let expire: (error: ApiError) => void = () => {};
  const expired = new Promise<never>((_, reject) => {
    expire = reject;
  });
  expired.catch(() => {});
  const late = () => unavailable('the database did not answer in time, retry shortly');

  const arm = () => {
    timer = setTimeout(() => {
      passed = true;
      expire(late());
    }, Math.max(0, left));
  };
  const disarm = () => {
    clearTimeout(timer);
    left -= performance.now() - since;
  };
  arm();

  return {
    race(work) {
      work.catch(() => {});
      return Promise.race([work, expired]);
    },
    async offClock(step) {
      disarm();
      try {
        return await step();
      } finally {
        since = performance.now();
        if (!passed) arm();
      }
    },
    get passed() {
      return passed;
    },
    check() {
      if (passed) throw late();
    },
    clear() {
      clearTimeout(timer);
    },
  };
}
