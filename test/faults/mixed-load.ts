// The mixed load of the tests that change the database under two serving instances (failover,
// the Citus tenant move): member creates under an Idempotency-Key, PATCHes with If-Match, and a
// poller following a club's feed with after=; each keeps what was acknowledged, for the checks
// afterwards.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Tenant } from '../support/factories.js';
import { request, type Service } from '../support/harness.js';
import { timed, type Sample } from './load.js';

/** A signed request as `tenant` on instance `on`. */
export const call = (on: Service, tenant: Tenant, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  request(on.url, method, path, { body, key: tenant.key, headers });

export interface Writes {
  /** A member create; its Idempotency-Key and external_ref are the sample's tag (`<prefix>-<n>`). */
  create(on: Service): Promise<Sample>;
  /** A PATCH of a free member with its If-Match (after a non-200 it asks for the version first). */
  patch(on: Service): Promise<Sample>;
  creates: Sample[];
  /** Per member of `owned`, the highest version a PATCH of it was answered 200 with. */
  acknowledged: number[];
  /** PATCHes answered 200. */
  patched(): number;
}

/** Writes as `club`: creates tagged `prefix`, PATCHes of `owned` (members at version 1), one at a time each. */
export function memberWrites(club: Tenant, owned: string[], prefix: string): Writes {
  let serial = 0;
  const creates: Sample[] = [];
  const versions = owned.map(() => 1 as number | undefined);
  const acknowledged = owned.map(() => 0);
  const busy = new Set<number>();
  let patched = 0;

  function create(on: Service): Promise<Sample> {
    const ref = `${prefix}-${serial++}`;
    const body = { first_name: 'Fay', last_name: 'Lover', birth_date: '2004-05-06', gender: 'female', external_ref: ref };
    return timed(() => call(on, club, 'POST', '/v1/club/members', body, { 'idempotency-key': ref }), ref).then((s) => (creates.push(s), s));
  }

  async function patchOne(on: Service, slot: number): Promise<Sample> {
    const id = owned[slot]!;
    if (versions[slot] === undefined) {
      return timed(async () => {
        const res = await call(on, club, 'GET', `/v1/club/members/${id}`);
        if (res.status === 200) versions[slot] = res.body.data.version;
        return res;
      });
    }
    return timed(async () => {
      const res = await call(on, club, 'PATCH', `/v1/club/members/${id}`, { first_name: `Patch ${serial++}` }, { 'if-match': `"${versions[slot]}"` });
      if (res.status === 200) {
        versions[slot] = res.body.data.version;
        acknowledged[slot] = Math.max(acknowledged[slot]!, res.body.data.version);
        patched++;
      } else versions[slot] = undefined;
      return res;
    });
  }

  async function patch(on: Service): Promise<Sample> {
    const slot = owned.findIndex((_, i) => !busy.has(i));
    if (slot < 0) return timed(() => call(on, club, 'GET', '/v1/me'));
    busy.add(slot);
    try {
      return await patchOne(on, slot);
    } finally {
      busy.delete(slot);
    }
  }

  return { create, patch, creates, acknowledged, patched: () => patched };
}

export interface Poller {
  /** Every change id the feed gave, in the order given. */
  seen: string[];
  /** Every poll's answer. */
  polls: Sample[];
  /** Stops after the poll under way; the last position it held. */
  stop(): Promise<string | undefined>;
}

/** Follows `club`'s feed with after=, on the instances in turn, until stopped. */
export function followFeed(instances: readonly Service[], club: Tenant): Poller {
  const seen: string[] = [];
  const polls: Sample[] = [];
  let polling = true;
  const done = (async () => {
    let after: string | undefined;
    for (let i = 0; polling; i++) {
      let rows: { id: string }[] = [];
      polls.push(await timed(async () => {
        const res = await call(instances[i % instances.length]!, club, 'GET', `/v1/club/changes?limit=100${after ? `&after=${after}` : ''}`);
        if (res.status === 200) rows = res.body.data;
        return res;
      }));
      for (const row of rows) seen.push(row.id);
      if (rows.length) after = rows.at(-1)!.id;
      else await sleep(30);
    }
    return after;
  })();
  return {
    seen,
    polls,
    stop() {
      polling = false;
      return done;
    },
  };
}
