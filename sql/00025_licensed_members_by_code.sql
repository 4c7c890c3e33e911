-- `club_licensed_members` kept by the code instead of the licenses' statement triggers (issue 38).
-- Citus refuses triggers on a distributed table, so every writer of licenses (the licenses store's
-- commands, the seed's set-based inserts) calls club_licensed_members_apply itself, in the writing
-- transaction, with the rows before and after its write. The rules stay those of sql/00018: the
-- clubs' advisory locks in club order, and each (club, member) pair counted once, at the latest
-- `valid_until` of its approved licenses. Every statement names the one federation, so that on
-- Citus each goes to one shard.
drop trigger licenses_licensed_inserted on licenses;
drop trigger licenses_licensed_updated on licenses;
drop trigger licenses_licensed_deleted on licenses;
drop function club_licensed_members_count();
drop function club_licensed_members_apply(licenses[], licenses[]);

-- `before_rows` and `after_rows` are licenses of `federation` (their own federation_id is not read):
-- a row before the write and the same row after it, an inserted row in `after_rows` only, a
-- deleted one in `before_rows` only.
create function club_licensed_members_apply(federation bigint, before_rows licenses[], after_rows licenses[]) returns void
language plpgsql as $$
declare
  clubs bigint[];
  club bigint;
begin
  -- Only a license approved before or after the write can move a count: a request, a
  -- rejection, a withdrawal pays for this one look at its own rows.
  select coalesce(array_agg(distinct r.club_id order by r.club_id), '{}') into clubs
  from unnest(before_rows || after_rows) r where r.status = 'approved' and r.valid_until is not null;
  if clubs = '{}' then return; end if;
  -- Two transactions changing licenses of one member would each miss the other's uncommitted
  -- row: the second waits here (a member's licenses are all its club's), and its next statement
  -- sees the first's commit. Clubs in one order, so two transfers between two clubs cannot deadlock.
  foreach club in array clubs loop
    perform pg_advisory_xact_lock(hashtext('partner-service:licensed'), (club % 2147483647)::integer);
  end loop;

  with touched as (
    select false as after, club_id, member_id, id, valid_until from unnest(before_rows)
    where status = 'approved' and valid_until is not null
    union all
    select true, club_id, member_id, id, valid_until from unnest(after_rows)
    where status = 'approved' and valid_until is not null
  ), pairs as (
    select club_id, member_id,
      max(valid_until) filter (where not after) as before, max(valid_until) filter (where after) as after
    from touched group by club_id, member_id
  ), moves as (
    -- A pair counts once, at the latest expiry of its approved licenses: its untouched ones'
    -- with the written rows before, then after. Found by the member (licenses_live_key): `+ 0`
    -- keeps the planner off the club's indexes, which inside the seed's transaction (no
    -- statistics yet for the rows it is inserting) it took, reading the whole big club once per member.
    select p.club_id, greatest(o.others, p.before) as was, greatest(o.others, p.after) as now
    from pairs p cross join lateral (
      select max(l.valid_until) as others from licenses l
      where l.federation_id = federation and l.member_id = p.member_id and l.club_id + 0 = p.club_id
        and l.status = 'approved' and l.id not in (select id from touched)) o
  ), deltas as (
    select club_id, was as valid_until, -1 as delta from moves where was is distinct from now and was is not null
    union all
    select club_id, now, 1 from moves where was is distinct from now and now is not null
  )
  insert into club_licensed_members as c (federation_id, club_id, valid_until, members)
  select federation, club_id, valid_until, sum(delta) from deltas
  group by club_id, valid_until
  having sum(delta) <> 0
  order by club_id, valid_until
  on conflict (federation_id, club_id, valid_until) do update set members = c.members + excluded.members;
end
$$;
