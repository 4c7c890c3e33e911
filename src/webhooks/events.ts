// The event types an endpoint may follow: `<resource_type>.<action>` for every change the feed can
// carry (created, updated, deleted, and the past tense of each transition of the resource's
// machine), or `*` for all of them.
import { activityMachine } from '../resources/activities.js';
import { clubMachine } from '../resources/clubs.js';
import { competitionMachine } from '../resources/competitions.js';
import { entryMachine } from '../resources/entries.js';
import { invoiceMachine } from '../resources/invoices.js';
import { licenseMachine } from '../resources/licenses.js';
import type { Machine } from '../resources/machine.js';
import { matchMachine } from '../resources/matches.js';
import { memberMachine } from '../resources/members.js';
import { sanctionMachine } from '../resources/sanctions.js';
import { seasonMachine } from '../resources/seasons.js';
import { transferMachine } from '../resources/transfers.js';
import type { ResourceType } from '../resources/unit.js';

const resourceTypes = [
  'club', 'member', 'team', 'activity', 'plan', 'invoice', 'season', 'category', 'license', 'person', 'transfer',
  'competition', 'entry', 'match', 'official', 'sanction',
] as const satisfies readonly ResourceType[];

// A resource type added to the union but not here fails to compile.
const everyType: Exclude<ResourceType, (typeof resourceTypes)[number]> extends never ? true : never = true;

const machines: Machine<string, string>[] = [
  activityMachine, clubMachine, competitionMachine, entryMachine, invoiceMachine, licenseMachine, matchMachine,
  memberMachine, sanctionMachine, seasonMachine, transferMachine,
];

const eventTypes: ReadonlySet<string> = new Set(everyType && resourceTypes.flatMap((type) => [
  ...['created', 'updated', 'deleted'],
  ...machines.filter((m) => m.type === type).flatMap((m) => Object.values(m.transitions).map((t) => t.done)),
].map((action) => `${type}.${action}`)));

export interface EventsRefusal {
  path: string;
  message: string;
}

/** Why the list cannot be an endpoint's events, or undefined. Undefined events mean every event. */
export function eventsRefusal(events: string[]): EventsRefusal | undefined {
  if (events.length === 0) return { path: '/events', message: 'the event list is empty: leave it out to follow every event (*)' };
  for (const [i, event] of events.entries()) {
    if (event === '*' && events.length > 1) return { path: `/events/${i}`, message: '* follows every event and stands alone' };
    if (event !== '*' && !eventTypes.has(event)) return { path: `/events/${i}`, message: `"${event.slice(0, 100)}" is not an event type (<resource_type>.<action>, e.g. member.created)` };
    if (events.indexOf(event) !== i) return { path: `/events/${i}`, message: `"${event}" is given twice` };
  }
  return undefined;
}
