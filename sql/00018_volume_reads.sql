-- Reads bounded by their page at volume (issue 18).
--
-- A club's `counts.members_licensed` (federation.clubs.*) is its members holding an approved
-- license valid today. Counted from the licenses, it read every approved license of the club on
-- each request (20 000 for the seeded big club, 100 000 at national size). It is kept here
-- instead, per club and expiry date: each (club, member) pair with an approved license counts
-- once, at the latest `valid_until` of its approved licenses, so the figure for a day is the sum
-- of the club's rows expiring on or after it: a row per season, whatever the club's size.
create table club_licensed_members (
  federation_id bigint not null references workspaces (id),
  club_id bigint not null references workspaces (id),
  valid_until date not null,
  members integer not null,
  primary key (federation_id, club_id, valid_until)
);

-- Kept by the licenses' own triggers, in the statement and so the transaction that changes a
-- license (the store's commands, the seed's set-based inserts, any SQL): no writer can forget it.
-- Per statement, from its transition rows, so a set-based insert of 100 000 licenses is one pass.
create function club_licensed_members_apply(before_rows licenses[], after_rows licenses[]) returns void
language plpgsql as $$
declare
  clubs bigint[];
  club bigint;
begin
  -- Only a license approved before or after the statement can move a count: a request, a
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
    select false as after, federation_id, club_id, member_id, id, valid_until from unnest(before_rows)
    where status = 'approved' and valid_until is not null
    union all
    select true, federation_id, club_id, member_id, id, valid_until from unnest(after_rows)
    where status = 'approved' and valid_until is not null
  ), pairs as (
    select federation_id, club_id, member_id,
      max(valid_until) filter (where not after) as before, max(valid_until) filter (where after) as after
    from touched group by federation_id, club_id, member_id
  ), moves as (
    -- A pair counts once, at the latest expiry of its approved licenses: its untouched ones'
    -- with the statement's rows before, then after. Found by the member: `+ 0` keeps the planner
    -- off the club's indexes, which inside the seed's transaction (no statistics yet for the
    -- rows it is inserting) it took, reading the whole big club once per member.
    select p.federation_id, p.club_id, greatest(o.others, p.before) as was, greatest(o.others, p.after) as now
    from pairs p cross join lateral (
      select max(l.valid_until) as others from licenses l
      where l.member_id = p.member_id and l.club_id + 0 = p.club_id and l.status = 'approved'
        and l.id not in (select id from touched)) o
  ), deltas as (
    select federation_id, club_id, was as valid_until, -1 as delta from moves where was is distinct from now and was is not null
    union all
    select federation_id, club_id, now, 1 from moves where was is distinct from now and now is not null
  )
  insert into club_licensed_members as c (federation_id, club_id, valid_until, members)
  select federation_id, club_id, valid_until, sum(delta) from deltas
  group by federation_id, club_id, valid_until
  having sum(delta) <> 0
  order by federation_id, club_id, valid_until
  on conflict (federation_id, club_id, valid_until) do update set members = c.members + excluded.members;
end
$$;

create function club_licensed_members_count() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform club_licensed_members_apply('{}'::licenses[], (select coalesce(array_agg(a.*::licenses), '{}') from after_rows a));
  elsif tg_op = 'UPDATE' then
    perform club_licensed_members_apply((select coalesce(array_agg(b.*::licenses), '{}') from before_rows b),
      (select coalesce(array_agg(a.*::licenses), '{}') from after_rows a));
  else
    perform club_licensed_members_apply((select coalesce(array_agg(b.*::licenses), '{}') from before_rows b), '{}'::licenses[]);
  end if;
  return null;
end
$$;
create trigger licenses_licensed_inserted after insert on licenses
  referencing new table as after_rows for each statement execute function club_licensed_members_count();
create trigger licenses_licensed_updated after update on licenses
  referencing old table as before_rows new table as after_rows for each statement execute function club_licensed_members_count();
create trigger licenses_licensed_deleted after delete on licenses
  referencing old table as before_rows for each statement execute function club_licensed_members_count();

insert into club_licensed_members (federation_id, club_id, valid_until, members)
select federation_id, club_id, valid_until, count(*)
from (select federation_id, club_id, member_id, max(valid_until) as valid_until from licenses
      where status = 'approved' and valid_until is not null group by federation_id, club_id, member_id) pairs
group by federation_id, club_id, valid_until;

-- A license list filtered by season (club.licenses.list, federation.licenses.list) walked the
-- primary key past every license of the other season: the planner costs a walk in id order as if
-- the season's licenses were spread evenly, and they come in one run. The lists now order by
-- (season_id, id), the same order for one season, with the season as `= any(…)` so it stays in
-- the sort key, which only these indexes can serve: the season first, so a scan of one season's
-- club is ordered on any Postgres (before 17 an `any` on a later column lost the index's order).
create index licenses_season_club_idx on licenses (season_id, club_id, id);
