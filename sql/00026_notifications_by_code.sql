-- Notifications sent by the code, and the feed's functions by federation, for Citus (issue 38).
-- Citus refuses triggers on distributed and reference tables (and, allowed, runs them on a worker,
-- whose pg_notify reaches only that worker's listeners). The work of the two triggers moves to the
-- statements that write, in the same transaction, on the coordinator, where the instances listen:
-- - webhook_changes: the change recorder (src/resources/changes.ts), through webhook_wake below;
-- - credentials_changed: every writer of credentials (src/console/credentials.ts), with the key id.
drop trigger changes_webhook_wake on changes;
drop function webhook_wake();
drop trigger credentials_changed on credentials;
drop function credentials_notify();

-- Wakes the delivery workers at commit when an enabled endpoint of the federation follows a feed
-- the write's changes reach: one of `workspaces`, any club's when `clubs`, any when `everyone`.
-- A function, so that the notification is sent where it is called, on the coordinator: in a plain
-- statement beside the endpoints' table, Citus would send the whole statement to the worker.
create function webhook_wake(federation bigint, workspaces bigint[], clubs boolean, everyone boolean) returns void language plpgsql as $$
begin
  if exists (select 1 from webhook_endpoints e where e.federation_id = federation and e.status = 'enabled'
      and (everyone or e.workspace_id = any(workspaces) or clubs and e.workspace_id <> federation)) then
    perform pg_notify('webhook_changes', '');
  end if;
end
$$;

-- Every query of the feed's functions names the federation, so that each goes to one shard.
drop function feed_reset_position(bigint, bigint);
drop function feed_kept(bigint, bigint);

-- The workspace's newest change below `below`: where a poller resumes.
create function feed_kept(federation bigint, workspace bigint, below bigint) returns bigint language sql stable as $$
  select coalesce(max(id), 0) from changes where federation_id = federation and workspace_id = workspace and id < below
$$;

-- Null when `after` is a position of the workspace's feed; otherwise the position to resume from:
-- `after` beyond the workspace's newest change, or inside a range a restore lost. PL/pgSQL, one
-- query a statement: Citus cannot plan the changes (distributed) and the histories (reference)
-- in one statement of an SQL function.
create function feed_reset_position(federation bigint, workspace bigint, after bigint) returns bigint language plpgsql stable as $$
begin
  if after <= 0 then return null; end if;
  if after > (select coalesce(max(id), 0) from changes where federation_id = federation and workspace_id = workspace) then
    return feed_kept(federation, workspace, after);
  end if;
  if exists (select 1 from feed_histories h where after > h.previous_last and after < h.first_id) then
    return feed_kept(federation, workspace, after);
  end if;
  return null;
end
$$;

-- As in sql/00022, with one statement per federation: the newest change is the newest of the
-- federations' newest, and each federation's endpoints get their reset messages in its own
-- statements (a federation's own workspace row is the one with no federation_id).
create or replace function feed_history_follow(force boolean default false) returns boolean language plpgsql as $$
declare
  tl integer := current_timeline();
  sid bigint := (select system_identifier from pg_control_system());
  newest feed_histories;
  last_change bigint := 0;
  ended timestamptz;
  federation_last bigint;
  federation_ended timestamptz;
  gap bigint;
  first bigint;
  resume bigint;
  f record;
  e record;
  s record;
begin
  perform pg_advisory_xact_lock(hashtext('partner-service:feed-history'));
  if not force and on_recorded_history() then return false; end if;
  select * into newest from feed_histories order by id desc limit 1;
  for f in select id from workspaces where federation_id is null loop
    select id, occurred_at into federation_last, federation_ended from changes where federation_id = f.id order by id desc limit 1;
    if federation_last > last_change then
      last_change := federation_last;
      ended := federation_ended;
    end if;
  end loop;
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
  -- Where the endpoint resumes is read first, on its own: a statement on one shard reads no other.
  for f in select id from workspaces where federation_id is null loop
    for e in select id, workspace_id from webhook_endpoints where federation_id = f.id order by id loop
      resume := feed_kept(f.id, e.workspace_id, last_change + 1);
      insert into webhook_messages (federation_id, endpoint_id, change_id, body, next_attempt_at)
      values (f.id, e.id, first, json_build_object(
        'type', 'feed.reset',
        'timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'data', json_build_object('resume_after', resume::text))::text, now());
    end loop;
  end loop;
  perform pg_notify('webhook_changes', '');
  return true;
end
$$;
