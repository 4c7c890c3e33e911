// The write's unit of work: its transaction, the caller's workspace, and the changes it records.
// Commands of the resource modules take a Unit, so a write's version bump and its feed rows
// cannot be forgotten or written twice.
import type { Fragment, TransactionSql } from 'postgres';
import type { ReadSql } from '../db/read-sql.js';
import type { Workspace } from '../workspace.js';

/** The read-only pool for a read, the transaction for a write: the stores read through either. */
export type Db = ReadSql;

/** What the change feed calls the resource (`resource_type`). */
export type ResourceType =
  | 'club' | 'member' | 'team' | 'activity'
  | 'plan' | 'invoice'
  | 'season' | 'category' | 'license' | 'person' | 'transfer'
  | 'competition' | 'entry' | 'match' | 'official' | 'sanction';

/** Who can read the changed resource, so whose feeds hear of it (conventions.md, Changes feed). */
export interface Audience {
  workspaces: string[];
  /** Every club of this federation too: reference data they all read (seasons, categories, competitions). */
  clubsOf?: string;
}

/** One change: `action` is `created`, `updated`, `deleted` or the transition's name (`archived`, …). */
export interface Change {
  type: ResourceType;
  id: string;
  action: string;
  /** The version after the change; null once the row is gone. */
  version: number | null;
  audience: Audience;
}

/**
 * Many changes of one kind whose feed rows Postgres selects itself, so thousands cost the event
 * loop nothing (a fixtures run's matches). `rows` is a fragment selecting each feed row as
 * (resource id, version, workspace id), in the order the changes were made.
 */
export interface ChangeSet {
  type: ResourceType;
  action: string;
  rows: Fragment;
}

export interface Unit {
  sql: TransactionSql;
  workspace: Workspace;
  record(change: Change | ChangeSet): void;
}
