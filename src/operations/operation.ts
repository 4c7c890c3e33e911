import type * as v from 'valibot';
import type { Caller } from '../auth/credentials.js';
import type { Scope } from '../auth/scopes.js';
import type { ReadSql } from '../db/read-sql.js';
import type { ErrorCode, Reason } from '../errors.js';
import type { Machine } from '../resources/machine.js';
import type { Store, Versioned } from '../resources/store.js';
import type { Unit } from '../resources/unit.js';
import type { CursorSigner } from './cursors.js';
import { idParams } from './schemas.js';
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
export interface Lock<L extends Versioned, K extends string = string> {
  store: Store<L>;
  param?: K;
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

/** What an operation file declares; the pipeline and the reference read the rest off the path. */
interface Declared<Q> {
  summary: string;
  /**
   * Template with `{name}` segments, e.g. `/v1/club/members/{member_id}`. It gives the kind
   * (`/v1/club/…` club, `/v1/federation/…` federation, else any) and the path parameters.
   */
  path: string;
  /** Required scope; null for operations any valid credential may call. */
  scope: Scope | null;
  query?: Schema<Q>;
  /** Schema of `data` in the success envelope (the item schema for lists). */
  response: Schema;
  list?: boolean;
  /** The success statuses, where the default (201 for a create or request, 200 or 201 for a PUT, else 200) does not hold. */
  status?: readonly (200 | 201)[];
  /** The `rule_violation` reasons and other refusals the handler can answer, for the reference. */
  reasons?: readonly Reason[];
  refusals?: readonly ErrorCode[];
}

export interface ReadDeclaration<P = any, Q = any> extends Declared<Q> {
  method: 'GET';
  body?: undefined;
  lock?: undefined;
  transition?: undefined;
  handler(ctx: ReadContext<P, Q>): Promise<Reply>;
}

export interface WriteDeclaration<P = any, Q = any, B = any, L extends Versioned | undefined = any> extends Declared<Q> {
  method: Exclude<Method, 'GET'>;
  body?: Schema<B>;
  /** Its `param` is one of the path's parameters. */
  lock?: L extends Versioned ? Lock<L, keyof P & string> : never;
  /** Set by the transition builder: the machine row this operation runs, on which store's rows. */
  transition?: { machine: Machine<string, string>; action: string; store: Store<Versioned & { status: string }> };
  handler(ctx: WriteContext<P, Q, B, L>): Promise<Reply>;
}

/** What the path gives a declaration. */
interface FromPath<P> {
  kind: RouteKind;
  /** Each `{name}` of the path, an id the router has checked; absent without parameters. */
  params?: Schema<P>;
}

export type ReadDefinition<P = any, Q = any> = ReadDeclaration<P, Q> & FromPath<P>;
export type WriteDefinition<P = any, Q = any, B = any, L extends Versioned | undefined = any> = WriteDeclaration<P, Q, B, L> & FromPath<P>;
/** What an operation file exports (as its default): its id is the file's name, given by the table. */
export type Definition = ReadDefinition | WriteDefinition;

/** A route of the router table: its method decides whether the handler gets a read's pool or a write's unit. */
export type Operation = Definition & {
  /** e.g. `club.members.list`: the file's name, the OpenAPI operationId and the test's name. */
  id: string;
};

type KeysOf<Path extends string> = Path extends `${string}{${infer K}}${infer Rest}` ? K | KeysOf<Rest> : never;
/** A path's parameters, by name: `{ member_id: string }` for `/v1/club/members/{member_id}`. */
export type ParamsOf<Path extends string> = [KeysOf<Path>] extends [never] ? undefined : { [K in KeysOf<Path>]: string };

export function kindOf(path: string): RouteKind {
  return path.startsWith('/v1/club/') ? 'club' : path.startsWith('/v1/federation/') ? 'federation' : 'any';
}

export function paramsOf(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
}

export function defineOperation<const Path extends string, Q = undefined>(
  declared: ReadDeclaration<ParamsOf<Path>, Q> & { path: Path },
): ReadDefinition<ParamsOf<Path>, Q>;
export function defineOperation<const Path extends string, Q = undefined, B = undefined, L extends Versioned | undefined = undefined>(
  declared: WriteDeclaration<ParamsOf<Path>, Q, B, L> & { path: Path },
): WriteDefinition<ParamsOf<Path>, Q, B, L>;
export function defineOperation(declared: ReadDeclaration | WriteDeclaration): Definition {
  const keys = paramsOf(declared.path);
  return { ...declared, kind: kindOf(declared.path), ...(keys.length > 0 && { params: idParams(...keys) }) };
}


/** A definition as a route of the table, under its file's name. */
export function named(id: string, definition: Definition): Operation {
  return { ...definition, id };
}
