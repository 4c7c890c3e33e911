// One builder for every state action (archive, cancel, approve, …): the pipeline locks the row
// and checks If-Match, the machine refuses a wrong state with 409 `invalid_state`, the store
// writes the new status, bumps the version and records the transition's change.
import type { Scope } from '../auth/scopes.js';
import type { ErrorCode, Reason } from '../errors.js';
import { transitionFrom, type Machine } from '../resources/machine.js';
import type { Store, Versioned } from '../resources/store.js';
import type { WorkspaceKind } from '../workspace.js';
import { defineOperation, type WriteContext, type Operation, type Schema } from './operation.js';
import { emptyBody, idParams } from './schemas.js';

type Stateful = Versioned & { status: string };
type Context<Row, B> = WriteContext<Record<string, string>, undefined, B, Row>;

interface TransitionSpec<Row extends Stateful, B, S extends string, A extends string, P> {
  id: string;
  summary: string;
  /** `…/{param}/<verb>`: the path's one parameter names the row. */
  path: string;
  kind: WorkspaceKind;
  scope: Scope;
  store: Store<Row>;
  machine: Machine<S, A>;
  action: A;
  body?: Schema<B>;
  response: Schema;
  reasons?: readonly Reason[];
  refusals?: readonly ErrorCode[];
  /** Who may act, before the state is looked at (403 `action_not_permitted`). */
  permit?(ctx: Context<Row, B>, row: Row): void | Promise<void>;
  /** Rules beyond the state (422 `rule_violation`, 409 `conflict`). */
  guard?(ctx: Context<Row, B>, row: Row): void | Promise<void>;
  /** Reads that `set` and `effect` both need, made once (rows locked for the effect's writes). */
  prepare?(ctx: Context<Row, B>, row: Row): Promise<P>;
  /** Columns written with the new status: a reason, a decision time, an assigned number. */
  set?(ctx: Context<Row, B>, row: Row, prepared: P): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Further writes of the same unit once the status changed (assign a number, move a license). */
  effect?(ctx: Context<Row, B>, row: Row, prepared: P): Promise<Row | void>;
  /** The answer; the updated row by default. */
  view?(ctx: Context<Row, B>, row: Row): Promise<unknown>;
}

export function transitionOperation<Row extends Stateful, B = Record<string, never>, S extends string = string, A extends string = string, P = undefined>(
  spec: TransitionSpec<Row, B, S, A, P>,
): Operation<Record<string, string>, undefined, B, Row> {
  const param = /\{([a-z_]+)\}/.exec(spec.path)?.[1];
  if (!param) throw new Error(`${spec.id}: a transition's path names its row`);
  return defineOperation<Record<string, string>, undefined, B, Row>({
    id: spec.id,
    summary: spec.summary,
    method: 'POST',
    path: spec.path,
    kind: spec.kind,
    scope: spec.scope,
    params: idParams(param),
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
