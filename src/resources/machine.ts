// A resource's states and transitions as data: action → from-states → to-state. One builder
// (operations/transition.ts) turns a row of a machine into an operation, and one test walks
// every action from every state that is not one of its sources.
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
  states: readonly S[];
  transitions: Record<A, Transition<S>>;
}

export function defineMachine<const S extends string, const A extends string>(
  type: ResourceType, states: readonly S[], transitions: Record<A, Transition<S>>,
): Machine<S, A> {
  return { type, states, transitions };
}

type Row = { id: string; status: string };

/** "an archived member", "a requested or released transfer". */
const some = (states: readonly string[], type: string) => `${/^[aeiou]/.test(states[0]!) ? 'an' : 'a'} ${states.join(' or ')} ${type}`;

/** 409 `invalid_state` unless the row's status is one of `states`; `doing` names what was tried. */
export function expectState<S extends string>(type: ResourceType, row: Row, states: readonly S[], doing: string): void {
  if (!(states as readonly string[]).includes(row.status)) {
    throw new ApiError('invalid_state', `${type} ${row.id} is ${row.status}; ${doing} needs ${some(states, type)}`);
  }
}

/** The transition `action` takes from the row's status, or 409 `invalid_state`. */
export function transitionFrom<S extends string, A extends string>(machine: Machine<S, A>, action: A, row: Row): Transition<S> {
  const transition = machine.transitions[action];
  if (!(transition.from as readonly string[]).includes(row.status)) {
    throw new ApiError('invalid_state', `${machine.type} ${row.id} is ${row.status}; only ${some(transition.from, machine.type)} can be ${transition.done}`);
  }
  return transition;
}
