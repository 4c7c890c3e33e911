// The one place tests create data: fresh workspaces per test (so files run in parallel without
// cleaning tables) and every resource in any state. The only test code that writes SQL. Each area
// lives in factories/<area>.ts and registers its own rows for the two table walks; this index
// re-exports them and joins those registries.
import type { Area } from './factories/area.js';
import { billing } from './factories/billing.js';
import { competitions } from './factories/competitions.js';
import { licensing } from './factories/licensing.js';
import { members } from './factories/members.js';
import { seasons } from './factories/seasons.js';
import { teams } from './factories/teams.js';
import { workspaces } from './factories/workspaces.js';

export * from './factories/billing.js';
export * from './factories/competitions.js';
export * from './factories/licensing.js';
export * from './factories/members.js';
export * from './factories/seasons.js';
export * from './factories/teams.js';
export * from './factories/workspaces.js';

const areas: Area[] = [workspaces, seasons, members, teams, competitions, licensing, billing];

/**
 * A row of each stateful resource in any state of its machine, visible to `actor`: the walk of
 * every machine (test/resources/machines.test.ts) reads this.
 */
export const inState: Area['inState'] = Object.assign({}, ...areas.map((a) => a.inState));

/**
 * For each path parameter, an id of a resource `owner` holds: the security walk proves every other
 * workspace gets 404 for it (test/http/security.test.ts).
 */
export const ownedIds: Area['ownedIds'] = Object.assign({}, ...areas.map((a) => a.ownedIds));
