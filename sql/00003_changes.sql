-- The change feed and audit trail: one row per workspace that can read the changed resource.
-- How a poller asking for `after=<last id>` never skips a row: src/resources/changes.ts.
create table changes (
  id bigint generated always as identity primary key,
  workspace_id bigint not null references workspaces (id),
  resource_type text not null,
  resource_id bigint not null,
  action text not null,
  version integer,
  occurred_at timestamptz not null default now(),
  credential_id bigint references credentials (id),
  request_id text
);
create index changes_feed_idx on changes (workspace_id, id);
