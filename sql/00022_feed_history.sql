-- Which history of the database the service is on (src/db/history.ts). A point-in-time restore,
-- or a failover to a standby that missed commits, ends recovery on a new timeline with its
-- sequences back where they were: the next ids would be ones partners already hold; a logical
-- dump restored into a new cluster lands on another system identifier. On the first sight of a
-- new timeline or system the service records it here and moves every sequence of the schema past
-- a gap that no lost id can have reached, so no id is handed out twice, and each webhook endpoint
-- gets a `feed.reset` message. A poll from a position the restored history lacks is 409 feed_reset.
create table feed_histories (
  id bigint generated always as identity primary key,
  system_id bigint not null,
  timeline integer not null,
  began_at timestamptz not null default now(),
  -- The newest change the previous history kept; null for the first history recorded.
  previous_last bigint,
  -- No change id between previous_last and first_id (both excluded) exists in this history.
  first_id bigint not null
);

-- The timeline WAL is written on: the first 8 hex digits of the current WAL file's name. Unlike
-- pg_control_checkpoint(), it changes the moment a server is promoted, before any checkpoint.
create function current_timeline() returns integer language sql volatile as $$
  select ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::integer
$$;

-- Whether the server is on the newest history recorded (same system, same timeline).
create function on_recorded_history() returns boolean language sql volatile as $$
  select coalesce((
    select h.timeline = current_timeline() and h.system_id = (select system_identifier from pg_control_system())
    from feed_histories h order by h.id desc limit 1), false)
$$;

-- Records the current history if it is not the newest recorded one; true when a new history began
-- (not for the first record). Instances serialise on the lock, so one of them does it. `force`
-- begins one whatever the timeline: for a restore the timeline cannot show (bin/README.md).
create function feed_history_follow(force boolean default false) returns boolean language plpgsql as $$
declare
  tl integer := current_timeline();
  sid bigint := (select system_identifier from pg_control_system());
  newest feed_histories;
  last_change bigint;
  ended timestamptz;
  gap bigint;
  first bigint;
  s record;
begin
  perform pg_advisory_xact_lock(hashtext('partner-service:feed-history'));
  if not force and on_recorded_history() then return false; end if;
  select * into newest from feed_histories order by id desc limit 1;
  select id, occurred_at into last_change, ended from changes order by id desc limit 1;
  last_change := coalesce(last_change, 0);
  if newest.id is null then
    insert into feed_histories (system_id, timeline, first_id) values (sid, tl, last_change);
    return false;
  end if;
  -- The lost history handed out ids from the restored sequence value for as long as it ran after
  -- its last kept change: at most 2^24 ids a second (Postgres serialises a sequence's nextval far
  -- below that), plus 2^32 for clock skew between the old and new server (256 s at that rate).
  gap := 4294967296 + 16777216 * greatest(0, ceil(extract(epoch from clock_timestamp() - coalesce(ended, newest.began_at))))::bigint;
  for s in select schemaname, sequencename, coalesce(last_value, 0) as last_value from pg_sequences where schemaname = current_schema() loop
    perform setval(format('%I.%I', s.schemaname, s.sequencename)::regclass, s.last_value + gap);
  end loop;
  first := (select last_value from pg_sequences where schemaname = current_schema() and sequencename = 'changes_id_seq');
  insert into feed_histories (system_id, timeline, previous_last, first_id) values (sid, tl, last_change, first);
  -- The reset message takes the gap's first id as its change id: no change ever has it, so its
  -- webhook-id (msg_<change id>) is new, and it is delivered before the new history's changes.
  insert into webhook_messages (federation_id, endpoint_id, change_id, body, next_attempt_at)
  select e.federation_id, e.id, first, json_build_object(
    'type', 'feed.reset',
    'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'data', json_build_object('resume_after', feed_kept(e.workspace_id, last_change + 1)::text))::text, now()
  from webhook_endpoints e;
  perform pg_notify('webhook_changes', '');
  return true;
end
$$;

-- The workspace's newest change below `below`: where a poller resumes.
create function feed_kept(workspace bigint, below bigint) returns bigint language sql stable as $$
  select coalesce(max(id), 0) from changes where workspace_id = workspace and id < below
$$;

-- Null when `after` is a position of the workspace's feed; otherwise the position to resume from:
-- `after` beyond the workspace's newest change, or inside a range a restore lost.
create function feed_reset_position(workspace bigint, after bigint) returns bigint language sql stable as $$
  select feed_kept(workspace, after)
  where after > 0 and (
    after > (select coalesce(max(id), 0) from changes where workspace_id = workspace)
    or exists (select 1 from feed_histories h where after > h.previous_last and after < h.first_id))
$$;

-- Whether this session has compared the timeline: once per connection is enough, since a
-- connection never outlives a timeline change (a restored or promoted server has new backends).
-- Set only when the comparison commits: a write that rolls back leaves the next one to do it.
-- Returns 0, for feed_write_lock below.
create function feed_history_check() returns integer language plpgsql as $$
begin
  if not on_recorded_history() then perform feed_history_follow(); end if;
  perform set_config('partner_service.history_checked', 'on', false);
  return 0;
end
$$;

-- Every write takes this lock before its first change row (sql/00013): it is also where a write
-- on a connection that has not yet compared the timeline does so, and moves the sequences on
-- before its change ids are drawn, whether or not the instance noticed the database go away.
-- One expression, so that Postgres inlines it into the calling statement as it did the old body
-- (a two-statement body cost 13-17 us a write, measured): the check, which adds 0, is an argument
-- of the lock, so it runs first.
create or replace function feed_write_lock(federation_id bigint) returns void language sql as $$
  select pg_advisory_xact_lock_shared(hashtext('partner-service:feed'), (federation_id % 2147483647)::integer
    + case when current_setting('partner_service.history_checked', true) = 'on' then 0 else feed_history_check() end)
$$;
