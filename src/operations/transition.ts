// One builder for every state action (archive, cancel, approve, …): the pipeline locks the row
// and checks If-Match, the machine refuses a wrong state with 409 `invalid_state`, the store
// writes the new status, bumps the version and records the transition's change.
import type { Scope } from '../auth/scopes.js';
import type { ErrorCode, Reason } from '../errors.js';
import { transitionFrom, type Machine } from '../resources/machine.js';
import type { Store, Versioned } from '../resources/store.js';
import { defineOperation, paramsOf, type ParamsOf, type WriteContext, type WriteDefinition, type Schema } from './operation.js';
import { emptyBody } from './schemas.js';

type Stateful = Versioned & { status: string };
type Context<Path extends string, Row, B> = WriteContext<ParamsOf<Path>, undefined, B, Row>;

interface TransitionSpec<Path extends string, Row extends Stateful, B, S extends string, A extends string, P> {
  summary: string;
  /** `…/{param}/<verb>`: the path's one parameter names the row. */
  path: Path;
  scope: Scope;
  store: Store<Row>;
  machine: Machine<S, A>;
  action: A;
  body?: Schema<B>;
  response: Schema;
  reasons?: readonly Reason[];
  refusals?: readonly ErrorCode[];
  /** Who may act, before the state is looked at (403 `action_not_permitted`). */
  permit?(ctx: Context<Path, Row, B>, row: Row): void | Promise<void>;
  /** Rules beyond the state (422 `rule_violation`, 409 `conflict`). */
  guard?(ctx: Context<Path, Row, B>, row: Row): void | Promise<void>;
  /** Reads that `set` and `effect` both need, made once (rows locked for the effect's writes). */
  prepare?(ctx: Context<Path, Row, B>, row: Row): Promise<P>;
  /** Columns written with the new status: a reason, a decision time, an assigned number. */
  set?(ctx: Context<Path, Row, B>, row: Row, prepared: P): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Further writes of the same unit once the status changed (assign a number, move a license). */
  effect?(ctx: Context<Path, Row, B>, row: Row, prepared: P): Promise<Row | void>;
  /** The answer; the updated row by default. */
  view?(ctx: Context<Path, Row, B>, row: Row): Promise<unknown>;
}

export function transitionOperation<const Path extends string, Row extends Stateful, B = Record<string, never>, S extends string = string, A extends string = string, P = undefined>(
  spec: TransitionSpec<Path, Row, B, S, A, P>,
): WriteDefinition<ParamsOf<Path>, undefined, B, Row> {
  const [param] = paramsOf(spec.path);
  if (!param) throw new Error(`${spec.path}: a transition's path names its row`);
  return defineOperation<Path, undefined, B, Row>({
    summary: spec.summary,
    method: 'POST',
    path: spec.path,
    scope: spec.scope,
    // Without a body of its own, B is its default: the empty object emptyBody accepts.
    body: spec.body ?? (emptyBody as Schema),
    response: spec.response,
    reasons: spec.reasons,
    refusals: ['invalid_state', ...(spec.refusals ?? [])],
    lock: { store: spec.store, param } as never,
    transition: { machine: spec.machine as Machine<string, string>, action: spec.action, store: spec.store as never },
    async handler(ctx) {
      const current = ctx.locked;
      await spec.permit?.(ctx, current);
      const { to, done } = transitionFrom(spec.machine, spec.action, current);
      await spec.guard?.(ctx, current);
      const prepared = (await spec.prepare?.(ctx, current)) as P;
      let row = await spec.store.update(ctx.unit, current, { status: to, ...(await spec.set?.(ctx, current, prepared)) }, done);
      row = (await spec.effect?.(ctx, row, prepared)) ?? row;
      return { data: spec.view ? await spec.view(ctx, row) : row };
    },
  });
}
