import type * as v from 'valibot';
import type { Sql, TransactionSql } from 'postgres';
import type { Caller } from '../auth/credentials.js';
import type { Scope } from '../auth/scopes.js';
import type { ErrorCode, Reason } from '../errors.js';
import type { Machine } from '../resources/machine.js';
import type { Store, Versioned } from '../resources/store.js';
import type { Unit } from '../resources/unit.js';
import type { Workspace, WorkspaceKind } from '../workspace.js';

export type { Workspace, WorkspaceKind };

export type RouteKind = WorkspaceKind | 'any';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Schemas are valibot schemas; `any` output keeps the table heterogeneous while each
// operation file types its own handler through `defineOperation`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema<T = any> = v.GenericSchema<unknown, T>;

/**
 * The resource a write targets, locked once by the pipeline inside the write's transaction
 * (`FOR UPDATE`, visibility applied: not visible is 404) and checked against If-Match.
 * `param` names the path parameter holding its id; without one it is the caller's own workspace.
 */
export interface Lock<L extends Versioned> {
  store: Store<L>;
  param?: string;
}

export interface HandlerContext<P, Q, B, L = undefined> {
  /** The transaction of a write, or the pool for a read. */
  sql: Sql | TransactionSql;
  /** The write's unit of work for the resource modules' commands (a read has none to record). */
  unit: Unit;
  operationId: string;
  /** The calling credential, without its key material. */
  caller: Caller;
  workspace: Workspace;
  /** The rate limit in force for the credential. */
  rateLimit: { limit: number; windowSeconds: number };
  requestId: string;
  params: P;
  query: Q;
  body: B;
  /** The row the operation's `lock` locked. */
  locked: L;
}

export interface Reply {
  status?: 200 | 201;
  data: unknown;
  meta?: Record<string, unknown>;
  /** Relative URL of a created resource (201). A single resource's `version` is sent as its ETag. */
  location?: string;
}

export interface Operation<P = any, Q = any, B = any, L extends Versioned | undefined = any> {
  /** e.g. `club.members.list`: also the file path, the OpenAPI operationId and the test name. */
  id: string;
  summary: string;
  method: Method;
  /** Template with `{name}` segments, e.g. `/v1/club/members/{member_id}`. */
  path: string;
  kind: RouteKind;
  /** Required scope; null for operations any valid credential may call. */
  scope: Scope | null;
  params?: Schema<P>;
  query?: Schema<Q>;
  body?: Schema<B>;
  /** Schema of `data` in the success envelope (the item schema for lists). */
  response: Schema;
  list?: boolean;
  lock?: L extends Versioned ? Lock<L> : never;
  /** The `rule_violation` reasons and other refusals the handler can answer, for the reference. */
  reasons?: readonly Reason[];
  refusals?: readonly ErrorCode[];
  /** Set by the transition builder: the machine row this operation runs, on which store's rows. */
  transition?: { machine: Machine<string, string>; action: string; store: Store<Versioned & { status: string }> };
  handler(ctx: HandlerContext<P, Q, B, L>): Promise<Reply>;
}

export function defineOperation<P = undefined, Q = undefined, B = undefined, L extends Versioned | undefined = undefined>(
  op: Operation<P, Q, B, L>,
): Operation<P, Q, B, L> {
  return op;
}
