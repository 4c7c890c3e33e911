-- Webhooks: the change feed pushed to partners (src/webhooks/). An endpoint follows its
-- workspace's feed from `position`; each change it is to hear of becomes one message, delivered
-- at least once with the retry schedule of src/webhooks/schedule.ts. Every table carries
-- federation_id, the tenant boundary.
create table webhook_endpoints (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  workspace_id bigint not null references workspaces (id),
  url text not null,
  events text[] not null default '{*}',
  status text not null default 'enabled' check (status in ('enabled', 'disabled')),
  disabled_reason text,
  secret_sealed bytea not null,
  -- After a rotation the old secret signs beside the new one until previous_until.
  previous_secret_sealed bytea,
  previous_until timestamptz,
  -- The last change id of the feed turned into messages (or skipped by `events`).
  position bigint not null,
  -- One attempt in flight per endpoint: the instance that claimed it holds it until then.
  busy_until timestamptz,
  failing_since timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_endpoints_workspace_idx on webhook_endpoints (workspace_id) where status = 'enabled';

create table webhook_messages (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  change_id bigint not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz,
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  unique (endpoint_id, change_id)
);
create index webhook_messages_due_idx on webhook_messages (endpoint_id, change_id) where status in ('pending', 'sending');

create table webhook_attempts (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  endpoint_id bigint not null references webhook_endpoints (id) on delete cascade,
  message_id bigint not null references webhook_messages (id) on delete cascade,
  attempt integer not null,
  attempted_at timestamptz not null,
  succeeded boolean not null,
  response_status integer,
  response_bytes integer,
  duration_ms integer not null,
  error text,
  next_attempt_at timestamptz
);
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, id);

-- Wakes the delivery workers from the commit that appended changes an enabled endpoint follows.
-- Per statement, and only when such an endpoint exists: a feed nobody follows pays one index probe.
create function webhook_wake() returns trigger language plpgsql as $$
begin
  if exists (select 1 from appended a join webhook_endpoints e on e.workspace_id = a.workspace_id and e.status = 'enabled') then
    perform pg_notify('webhook_changes', '');
  end if;
  return null;
end
$$;
create trigger changes_webhook_wake after insert on changes
  referencing new table as appended for each statement execute function webhook_wake();
