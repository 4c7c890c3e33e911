import type * as v from 'valibot';
import type { Sql, TransactionSql } from 'postgres';
import type { Credential } from '../auth/credentials.js';
import type { Scope } from '../auth/scopes.js';
import type { Workspace, WorkspaceKind } from '../workspace.js';

export type { Workspace, WorkspaceKind };

export type RouteKind = WorkspaceKind | 'any';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Schemas are valibot schemas; `any` output keeps the table heterogeneous while each
// operation file types its own handler through `defineOperation`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema<T = any> = v.GenericSchema<unknown, T>;

/** One change the handler made; the pipeline appends it to the feed in the same transaction. */
export interface Change {
  resourceType: string;
  resourceId: string;
  action: string;
  version: number | null;
  /** Feeds that can read the resource; defaults to the caller's workspace. */
  workspaceIds?: string[];
}

export interface HandlerContext<P, Q, B> {
  /** The transaction of a write, or the pool for a read. */
  sql: Sql | TransactionSql;
  operationId: string;
  workspace: Workspace;
  credential: Credential;
  /** The rate limit in force for the credential. */
  rateLimit: { limit: number; windowSeconds: number };
  requestId: string;
  params: P;
  query: Q;
  body: B;
  /** Records a change for the feed (writes only). */
  change(change: Change): void;
}

export interface Reply {
  status?: 200 | 201;
  data: unknown;
  meta?: Record<string, unknown>;
  /** Relative URL of a created resource (201). */
  location?: string;
  /** The resource's version: sent as ETag on single-resource reads. */
  version?: number;
}

export interface Operation<P = any, Q = any, B = any> {
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
  /**
   * For writes with If-Match: the current version of the targeted resource, read under
   * `FOR UPDATE` in the write's transaction, or null when it does not exist (404).
   */
  currentVersion?: (ctx: HandlerContext<P, Q, B>) => Promise<number | null>;
  handler(ctx: HandlerContext<P, Q, B>): Promise<Reply>;
}

export function defineOperation<P = undefined, Q = undefined, B = undefined>(op: Operation<P, Q, B>): Operation<P, Q, B> {
  return op;
}
