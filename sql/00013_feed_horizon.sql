-- The change feed's order (src/resources/changes.ts), with its lock key in one place. A write
-- takes its federation's feed lock in shared mode before its first change row and holds it to
-- commit. A poll asks for the horizon first: the lock, taken exclusively, is granted once no write
-- of the federation holds a change id, and it is released when the statement ends; every id up to
-- the last one handed out is then committed or gone for good, and later writes get larger ids.
create function feed_write_lock(federation_id bigint) returns void language sql as $$
  select pg_advisory_xact_lock_shared(hashtext('partner-service:feed'), (federation_id % 2147483647)::integer)
$$;

create function feed_horizon(federation_id bigint) returns bigint language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('partner-service:feed'), (federation_id % 2147483647)::integer);
  return (select case when is_called then last_value else last_value - 1 end from changes_id_seq);
end
$$;
