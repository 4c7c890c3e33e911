-- The change feed and audit trail: one row per workspace that can read the changed resource.
-- Writers append under a per-federation advisory lock held to commit, so ids grow in commit
-- order within every feed and a poller asking for `after=<last id>` never skips a row.
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
