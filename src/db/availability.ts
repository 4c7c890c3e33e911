import type { RenewablePool } from './renewal.js';

/**
 * Whether the database is reachable, as far as this instance knows. Once a request finds it
 * unreachable, requests are answered 503 at once instead of queueing for a connection, the pool
 * gets fresh connections (src/db/renewal.ts `renew`), and a probe tries `select 1` every
 * `probeMs` until it answers.
 */
export interface Availability {
  readonly up: boolean;
  /** A request could not reach the database. */
  down(): void;
  /** Whether `select 1` answers within `ms` (the /health check); an answer also ends an outage. */
  check(ms?: number): Promise<boolean>;
  stop(): void;
}

/**
 * `pool` is probed; it and `alsoRenewed` get fresh connections after an outage. `onBack` runs each
 * time the database answers again after one.
 */
export function watchDatabase(pool: RenewablePool, probeMs = 100, alsoRenewed: RenewablePool<unknown>[] = [], onBack?: () => void): Availability {
  let up = true;
  let probe: NodeJS.Timeout | undefined;
  let stopped = false;

  // An answer that comes after the caller stopped waiting still ends the outage: when every answer
  // takes longer than a probe waits (a loaded machine, a distant host), no probe would ever win.
  const check = async (ms = 1000): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      pool.current`select 1`.then(() => {
        if (!up) onBack?.();
        return (up = true);
      }, () => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(resolve, ms, false);
      }),
    ]);
    clearTimeout(timer);
    return answered;
  };

  // A probe gives up early: a connection attempt hanging on a server that is still starting must
  // not hold back the next attempt.
  const tryAgain = (): void => {
    if (stopped || up || probe) return;
    probe = setTimeout(() => {
      probe = undefined;
      void check(probeMs * 2).then(tryAgain);
    }, probeMs);
    probe.unref();
  };

  return {
    get up() {
      return up;
    },
    down() {
      if (!up) return;
      up = false;
      for (const renewed of [pool, ...alsoRenewed]) renewed.renew();
      // At once: a connection that broke alone (a restart of one backend) costs one probe, no outage.
      void check(probeMs * 2).then(tryAgain);
    },
    check,
    stop() {
      stopped = true;
      clearTimeout(probe);
    },
  };
}
