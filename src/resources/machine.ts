// A resource's states and transitions as data: action → from-states → to-state. One builder
// (operations/transition.ts) turns a row of a machine into an operation, and one test walks
// every action from every state that is not one of its sources. The states are the one source
// of the row's status type, the API's picklist and (checked by test/db/states.test.ts) the SQL
// check constraint.
import { ApiError } from '../errors.js';
import type { ResourceType } from './unit.js';

export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
  /** The change feed's action: the transition's name in the past tense (`archived`, `withdrawn`). */
  done: string;
}

export interface Machine<S extends string, A extends string> {
  type: ResourceType;
  /** Never empty, so a picklist takes them as they are. */
  states: readonly [S, ...S[]];
  /** States the API shows but the table never stores (a sanction's `expired` is derived from its dates). */
  derived: readonly S[];
  transitions: Record<A, Transition<S>>;
}

export function defineMachine<const S extends string, const A extends string>(
  type: ResourceType, states: readonly [S, ...S[]], transitions: Record<A, Transition<S>>, options: { derived?: readonly S[] } = {},
): Machine<S, A> {
  return { type, states, derived: options.derived ?? [], transitions };
}

/** The states a machine's table stores: all of them but the derived ones. */
export const storedStates = <S extends string>(machine: Machine<S, string>): S[] =>
  machine.states.filter((s) => !machine.derived.includes(s));

type StatusRow = { id: string; status: string };

/** "an archived member", "a requested or released transfer". */
const some = (states: readonly string[], type: string) => `${/^[aeiou]/.test(states[0]!) ? 'an' : 'a'} ${states.join(' or ')} ${type}`;

/**
 * 409 `invalid_state` unless the row's status is one of `states`. `done` says what only those
 * states allow, as it follows "can be": "member 7 is archived; only an active member can be archived".
 */
export function expectState<S extends string>(type: ResourceType, row: StatusRow, states: readonly S[], done: string): void {
  if (!(states as readonly string[]).includes(row.status)) {
    throw new ApiError('invalid_state', `${type} ${row.id} is ${row.status}; only ${some(states, type)} can be ${done}`);
  }
}

/** The transition `action` takes from the row's status, or 409 `invalid_state`. */
export function transitionFrom<S extends string, A extends string>(machine: Machine<S, A>, action: A, row: StatusRow): Transition<S> {
  const transition = machine.transitions[action];
  expectState(machine.type, row, transition.from, transition.done);
  return transition;
}
