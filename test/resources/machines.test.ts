// One walk over every state machine: each action, tried from every state that is not one of its
// sources, is 409 invalid_state and changes nothing (neither the row nor any feed).
import t from 'tap';
import * as v from 'valibot';
import { operations } from '../../src/operations/index.js';
import { createClub, createFederation, inState, type Tenant } from '../support/factories.js';
import { feedOf } from '../support/feeds.js';
import { startService } from '../support/harness.js';

const service = await startService(t);
const transitions = operations.filter((op) => op.transition);

t.test('the walk covers the machines of the table', async (t) => {
  t.ok(transitions.length >= 3);
});

for (const op of transitions) {
  const { machine, action, store } = op.transition!;
  const from = machine.transitions[action]!.from as readonly string[];
  t.test(`${op.id}: ${action} from every state but ${from.join(', ')}`, async (t) => {
    const make = inState[machine.type];
    if (!make) return t.fail(`no state factory for ${machine.type} in test/support/factories.ts inState`);
    const actor: Tenant = op.kind === 'federation' ? await createFederation(service) : await createClub(service);
    const ws = { id: actor.id, kind: actor.kind, federationId: actor.federationId };
    const body = (op.body ? (v.getExamples(op.body) as unknown[] | undefined)?.[0] : undefined) ?? {};
    for (const state of machine.states.filter((s) => !from.includes(s))) {
      const id = await make(service, actor, state, action);
      const before = await store.find(service.sql, ws, id);
      const feed = await feedOf(actor);
      const res = await actor.call('POST', op.path.replace(/\{[a-z_]+\}/, id), body);
      t.equal(res.status, 409, `${state} → ${action}`);
      t.equal(res.body.code, 'invalid_state', `${state} → ${action}`);
      t.same(await store.find(service.sql, ws, id), before, `${state} → ${action} leaves the row`);
      t.same(await feedOf(actor), feed, `${state} → ${action} records no change`);
    }
  });
}
