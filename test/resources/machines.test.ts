// One walk over every state-changing operation: each action, tried from every state that is not one
// of its sources, is 409 invalid_state and changes nothing (neither the row nor any feed). The
// transition builder's rows come from the table; the PATCHes and the other writes that move or
// depend on a state are declared below, and the table is checked to hold no other.
import t from 'tap';
import * as v from 'valibot';
import { operations } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/operation.js';
import { activityMachine } from '../../src/resources/activities.js';
import { competitionMachine } from '../../src/resources/competitions.js';
import { invoiceMachine } from '../../src/resources/invoices.js';
import type { Machine } from '../../src/resources/machine.js';
import { matchMachine } from '../../src/resources/matches.js';
import { seasonMachine } from '../../src/resources/seasons.js';
import { createClub, createFederation, createMember, inState, type Tenant } from '../support/factories.js';
import { feedOf } from '../support/feeds.js';
import { startService } from '../support/harness.js';

const service = await startService(t);

interface Walk {
  op: Operation;
  machine: Machine<string, string>;
  action: string;
  /** The states the action is taken from; a PATCH to the status a row already has is a no-op (merge patch), so it is listed too. */
  accepts: readonly string[];
  body: unknown;
}

const example = (op: Operation) => (op.body ? (v.getExamples(op.body) as unknown[] | undefined)?.[0] : undefined) ?? {};
const byId = (id: string) => operations.find((o) => o.id === id)!;

const built: Walk[] = operations.filter((op) => op.transition).map((op) => {
  const { machine, action } = op.transition!;
  return { op, machine, action, accepts: machine.transitions[action]!.from as readonly string[], body: example(op) };
});

const declared: Walk[] = [
  { op: byId('federation.seasons.update'), machine: seasonMachine, action: 'open', accepts: ['planned', 'open'], body: { status: 'open' } },
  { op: byId('federation.seasons.update'), machine: seasonMachine, action: 'close', accepts: ['open', 'closed'], body: { status: 'closed' } },
  { op: byId('federation.seasons.update'), machine: seasonMachine, action: 'return to planned', accepts: ['planned'], body: { status: 'planned' } },
  { op: byId('federation.seasons.update'), machine: seasonMachine, action: 'move dates', accepts: ['planned'], body: { starts_on: '2001-01-02' } },
  { op: byId('federation.matches.update'), machine: matchMachine, action: 'postpone', accepts: ['scheduled', 'postponed'], body: { status: 'postponed' } },
  { op: byId('federation.matches.update'), machine: matchMachine, action: 'reschedule', accepts: ['postponed', 'scheduled'], body: { status: 'scheduled' } },
  { op: byId('federation.matches.update'), machine: matchMachine, action: 'cancel', accepts: ['scheduled', 'postponed'], body: { status: 'cancelled' } },
  { op: byId('federation.matches.update'), machine: matchMachine, action: 'move', accepts: ['scheduled', 'postponed'], body: { venue: 'Sportpark Noord' } },
  { op: byId('club.results.report'), machine: matchMachine, action: 'play', accepts: ['scheduled', 'postponed'], body: example(byId('club.results.report')) },
  { op: byId('club.lineups.put'), machine: matchMachine, action: 'line up', accepts: ['scheduled', 'postponed'], body: example(byId('club.lineups.put')) },
  { op: byId('club.invoices.pay'), machine: invoiceMachine, action: 'pay', accepts: ['open'], body: { amount: 100, method: 'cash' } },
  { op: byId('club.activities.update'), machine: activityMachine, action: 'update', accepts: ['scheduled'], body: { title: 'Moved' } },
  { op: byId('club.attendance.put'), machine: activityMachine, action: 'take attendance', accepts: ['scheduled'], body: example(byId('club.attendance.put')) },
  { op: byId('federation.competitions.update'), machine: competitionMachine, action: 'update', accepts: ['draft', 'open'], body: { name: 'Renamed' } },
];

/** Writes that answer invalid_state for another reason than a state of the row they name (what it holds, a referenced license). */
const notAState = ['club.members.delete', 'club.teams.delete', 'club.transfers.request'];

/**
 * State refusals a walk from a bare row cannot reach: a club sees a competition that is not open only
 * through an entry of its own (else 404). test/operations/entries/club.entries.create.test.ts walks it.
 */
const visibleOnlyWithEntry = ['club.entries.create'];

const walks = [...built, ...declared];

t.test('the walk covers every operation the table says can be refused for a state', async (t) => {
  const refusing = operations.filter((op) => op.transition || op.refusals?.includes('invalid_state')).map((op) => op.id);
  const walked = new Set(walks.map((w) => w.op.id));
  t.same([...walked, ...notAState, ...visibleOnlyWithEntry].sort(), [...refusing].sort(), 'walked or declared not a state');
  t.equal(built.length, operations.filter((op) => op.transition).length);
  t.equal(walked.size + notAState.length + visibleOnlyWithEntry.length, refusing.length);
});

for (const walk of walks) {
  const { op, machine, action, accepts, body } = walk;
  const store = op.transition?.store ?? op.lock?.store;
  t.test(`${op.id}: ${action} from every state but ${accepts.join(', ')}`, async (t) => {
    const make = inState[machine.type];
    if (!make) return t.fail(`no state factory for ${machine.type} in test/support/factories inState`);
    if (!store) return t.fail(`${op.id} locks no row`);
    const actor: Tenant = op.kind === 'federation' ? await createFederation(service) : await createClub(service);
    const ws = { id: actor.id, kind: actor.kind, federationId: actor.federationId };
    const states = machine.states.filter((s) => !accepts.includes(s));
    t.ok(states.length > 0, 'some state refuses the action');
    for (const state of states) {
      const id = await make(service, actor, state, action);
      const before = await store.find(service.sql, ws, id);
      const feed = await feedOf(actor);
      const path = op.path.replace(/\{[a-z_]+\}/, id).replace('{member_id}', op.path.includes('{member_id}') ? await createMember(service, actor) : '');
      const res = await actor.call(op.method, path, body);
      t.equal(res.status, 409, `${state} → ${action}`);
      t.equal(res.body.code, 'invalid_state', `${state} → ${action}`);
      t.same(await store.find(service.sql, ws, id), before, `${state} → ${action} leaves the row`);
      t.same(await feedOf(actor), feed, `${state} → ${action} records no change`);
    }
  });
}
