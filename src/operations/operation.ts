import type * as v from 'valibot';
import type { Caller } from '../auth/credentials.js';
import type { Scope } from '../auth/scopes.js';
import type { ReadSql } from '../db/read-sql.js';
import type { ErrorCode, Reason } from '../errors.js';
import type { Machine } from '../resources/machine.js';
import type { Store, Versioned } from '../resources/store.js';
import type { Unit } from '../resources/unit.js';
import type { CursorSigner } from './cursors.js';
import type { Workspace, WorkspaceKind } from '../workspace.js';

export type { Workspace, WorkspaceKind };

type RouteKind = WorkspaceKind | 'any';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Schemas are valibot schemas; `any` output keeps the table heterogeneous while each
// operation file types its own handler through `defineOperation`.
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

/** What every handler is told about the call. */
interface Call<P, Q, B> {
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
}

/**
 * A read's context: the read-only pool, for the stores' reads and the list's query. There is no
 * unit of work, and a store command takes nothing else, so a read cannot call one; nor can it
 * begin a transaction or run unchecked text, and Postgres refuses a write on its session.
 */
export interface ReadContext<P = unknown, Q = unknown> extends Call<P, Q, undefined> {
  db: ReadSql;
  /** The app's cursor signer (src/operations/paging.ts): lists sign and check their cursors with it. */
  cursors: CursorSigner;
}

/** A write's context: its unit of work (`unit.sql` is the one transaction) and the locked row. */
export interface WriteContext<P = unknown, Q = unknown, B = unknown, L = undefined> extends Call<P, Q, B> {
  unit: Unit;
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

interface RouteRow<P, Q> {
  /** e.g. `club.members.list`: also the file name, the OpenAPI operationId and the test name. */
  id: string;
  summary: string;
  /** Template with `{name}` segments, e.g. `/v1/club/members/{member_id}`. */
  path: string;
  kind: RouteKind;
  /** Required scope; null for operations any valid credential may call. */
  scope: Scope | null;
  params?: Schema<P>;
  query?: Schema<Q>;
  /** Schema of `data` in the success envelope (the item schema for lists). */
  response: Schema;
  list?: boolean;
  /** The `rule_violation` reasons and other refusals the handler can answer, for the reference. */
  reasons?: readonly Reason[];
  refusals?: readonly ErrorCode[];
}

export interface ReadOperation<P = any, Q = any> extends RouteRow<P, Q> {
  method: 'GET';
  body?: undefined;
  lock?: undefined;
  transition?: undefined;
  handler(ctx: ReadContext<P, Q>): Promise<Reply>;
}

export interface WriteOperation<P = any, Q = any, B = any, L extends Versioned | undefined = any> extends RouteRow<P, Q> {
  method: Exclude<Method, 'GET'>;
  body?: Schema<B>;
  lock?: L extends Versioned ? Lock<L> : never;
  /** Set by the transition builder: the machine row this operation runs, on which store's rows. */
  transition?: { machine: Machine<string, string>; action: string; store: Store<Versioned & { status: string }> };
  handler(ctx: WriteContext<P, Q, B, L>): Promise<Reply>;
}

/** A row of the router table: its method decides whether the handler gets a read's pool or a write's unit. */
export type Operation<P = any, Q = any, B = any, L extends Versioned | undefined = any> = ReadOperation<P, Q> | WriteOperation<P, Q, B, L>;

export function defineOperation<P = undefined, Q = undefined>(op: ReadOperation<P, Q>): ReadOperation<P, Q>;
export function defineOperation<P = undefined, Q = undefined, B = undefined, L extends Versioned | undefined = undefined>(
  op: WriteOperation<P, Q, B, L>,
): WriteOperation<P, Q, B, L>;
export function defineOperation(op: Operation): Operation {
  return op;
}
