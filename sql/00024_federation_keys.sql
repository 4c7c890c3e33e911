-- Every tenant row names its federation, and every key of a tenant table leads with it, so that
-- the same schema runs on plain Postgres and on Citus distributed by federation_id (bin/README.md,
-- "Running at scale"). On plain Postgres the keys cost one more column in each index; the
-- statements filter on federation_id anyway, which is the tenant boundary.

-- 1. The column, filled from the row it belongs to.
alter table members add column federation_id bigint references workspaces (id);
update members m set federation_id = w.federation_id from workspaces w where w.id = m.club_id;
alter table teams add column federation_id bigint references workspaces (id);
update teams t set federation_id = w.federation_id from workspaces w where w.id = t.club_id;
alter table activities add column federation_id bigint references workspaces (id);
update activities a set federation_id = w.federation_id from workspaces w where w.id = a.club_id;
alter table roster_entries add column federation_id bigint references workspaces (id);
update roster_entries r set federation_id = t.federation_id from teams t where t.id = r.team_id;
alter table attendance add column federation_id bigint references workspaces (id);
update attendance a set federation_id = v.federation_id from activities v where v.id = a.activity_id;
alter table changes add column federation_id bigint references workspaces (id);
update changes c set federation_id = coalesce(w.federation_id, w.id) from workspaces w where w.id = c.workspace_id;
alter table operators add column federation_id bigint references workspaces (id);
update operators o set federation_id = coalesce(w.federation_id, w.id) from workspaces w where w.id = o.workspace_id;
alter table credentials add column federation_id bigint references workspaces (id);
update credentials c set federation_id = coalesce(w.federation_id, w.id) from workspaces w where w.id = c.workspace_id;
alter table idempotency_keys add column federation_id bigint references workspaces (id);
update idempotency_keys k set federation_id = c.federation_id from credentials c where c.id = k.credential_id;

alter table members alter column federation_id set not null;
alter table teams alter column federation_id set not null;
alter table activities alter column federation_id set not null;
alter table roster_entries alter column federation_id set not null;
alter table attendance alter column federation_id set not null;
alter table changes alter column federation_id set not null;
alter table operators alter column federation_id set not null;
alter table credentials alter column federation_id set not null;
alter table idempotency_keys alter column federation_id set not null;

-- 2. Foreign keys between tenant tables go while their keys change.
alter table members drop constraint members_person_fk;
alter table teams drop constraint teams_season_id_fkey;
alter table roster_entries drop constraint roster_entries_member_id_fkey, drop constraint roster_entries_team_id_fkey;
alter table activities drop constraint activities_team_id_fkey;
alter table attendance drop constraint attendance_activity_id_fkey, drop constraint attendance_member_id_fkey;
alter table licenses drop constraint licenses_category_id_fkey, drop constraint licenses_member_id_fkey,
  drop constraint licenses_person_id_fkey, drop constraint licenses_season_id_fkey;
alter table transfers drop constraint transfers_license_id_fkey, drop constraint transfers_person_id_fkey,
  drop constraint transfers_season_id_fkey;
alter table competitions drop constraint competitions_category_id_fkey, drop constraint competitions_season_id_fkey;
alter table entries drop constraint entries_competition_id_fkey, drop constraint entries_team_id_fkey;
alter table match_reports drop constraint match_reports_match_id_fkey;
alter table lineup_players drop constraint lineup_players_match_id_fkey, drop constraint lineup_players_member_id_fkey,
  drop constraint lineup_players_person_id_fkey;
alter table match_officials drop constraint match_officials_match_id_fkey, drop constraint match_officials_official_id_fkey;
alter table sanctions drop constraint sanctions_person_id_fkey;
alter table membership_plans drop constraint membership_plans_season_id_fkey;
alter table invoices drop constraint invoices_member_id_fkey, drop constraint invoices_plan_id_fkey;
alter table invoice_lines drop constraint invoice_lines_invoice_id_fkey;
alter table payments drop constraint payments_invoice_id_fkey;
alter table webhook_messages drop constraint webhook_messages_endpoint_id_fkey;
alter table webhook_attempts drop constraint webhook_attempts_endpoint_id_fkey, drop constraint webhook_attempts_message_id_fkey;

-- 3. Primary keys lead with the federation.
alter table changes drop constraint changes_pkey, add primary key (federation_id, id);
alter table members drop constraint members_pkey, add primary key (federation_id, id);
alter table teams drop constraint teams_pkey, add primary key (federation_id, id);
alter table roster_entries drop constraint roster_entries_pkey, add primary key (federation_id, team_id, member_id);
alter table activities drop constraint activities_pkey, add primary key (federation_id, id);
alter table attendance drop constraint attendance_pkey, add primary key (federation_id, activity_id, member_id);
alter table idempotency_keys drop constraint idempotency_keys_pkey, add primary key (federation_id, credential_id, key);
alter table seasons drop constraint seasons_pkey, add primary key (federation_id, id);
alter table license_categories drop constraint license_categories_pkey, add primary key (federation_id, id);
alter table persons drop constraint persons_pkey, add primary key (federation_id, id);
alter table licenses drop constraint licenses_pkey, add primary key (federation_id, id);
alter table transfers drop constraint transfers_pkey, add primary key (federation_id, id);
alter table competitions drop constraint competitions_pkey, add primary key (federation_id, id);
alter table entries drop constraint entries_pkey, add primary key (federation_id, id);
alter table matches drop constraint matches_pkey, add primary key (federation_id, id);
alter table match_reports drop constraint match_reports_pkey, add primary key (federation_id, match_id, club_id);
alter table lineup_players drop constraint lineup_players_pkey, add primary key (federation_id, match_id, club_id, member_id);
alter table officials drop constraint officials_pkey, add primary key (federation_id, id);
alter table match_officials drop constraint match_officials_pkey, add primary key (federation_id, match_id, official_id);
alter table sanctions drop constraint sanctions_pkey, add primary key (federation_id, id);
alter table membership_plans drop constraint membership_plans_pkey, add primary key (federation_id, id);
alter table invoice_counters drop constraint invoice_counters_pkey, add primary key (federation_id, club_id, year);
alter table invoices drop constraint invoices_pkey, add primary key (federation_id, id);
alter table invoice_lines drop constraint invoice_lines_pkey, add primary key (federation_id, invoice_id, position);
alter table payments drop constraint payments_pkey, add primary key (federation_id, id);
alter table webhook_endpoints drop constraint webhook_endpoints_pkey, add primary key (federation_id, id);
alter table webhook_messages drop constraint webhook_messages_pkey, add primary key (federation_id, id);
alter table webhook_attempts drop constraint webhook_attempts_pkey, add primary key (federation_id, id);

-- 4. Unique keys likewise.
drop index members_external_ref_key;
create unique index members_external_ref_key on members (federation_id, club_id, external_ref);
drop index roster_entries_shirt_key;
create unique index roster_entries_shirt_key on roster_entries (federation_id, team_id, shirt_number)
  where role = 'player' and shirt_number is not null;
drop index licenses_live_key;
create unique index licenses_live_key on licenses (federation_id, member_id, season_id)
  where status in ('requested', 'approved', 'suspended');
drop index transfers_open_key;
create unique index transfers_open_key on transfers (federation_id, license_id) where status in ('requested', 'released');
drop index entries_team_key;
create unique index entries_team_key on entries (federation_id, competition_id, team_id) where status in ('pending', 'accepted');
drop index match_officials_day_key;
create unique index match_officials_day_key on match_officials (federation_id, official_id, match_day);
drop index match_officials_referee_key;
create unique index match_officials_referee_key on match_officials (federation_id, match_id) where role = 'referee';
drop index invoices_number_key;
create unique index invoices_number_key on invoices (federation_id, club_id, number);
alter table webhook_messages drop constraint webhook_messages_endpoint_id_change_id_key,
  add constraint webhook_messages_endpoint_change_key unique (federation_id, endpoint_id, change_id);

-- 5. The foreign keys again, through the federation.
alter table members add constraint members_person_fk foreign key (federation_id, person_id) references persons (federation_id, id);
alter table teams add foreign key (federation_id, season_id) references seasons (federation_id, id);
alter table roster_entries add foreign key (federation_id, member_id) references members (federation_id, id) on delete cascade,
  add foreign key (federation_id, team_id) references teams (federation_id, id) on delete cascade;
alter table activities add foreign key (federation_id, team_id) references teams (federation_id, id);
alter table attendance add foreign key (federation_id, activity_id) references activities (federation_id, id) on delete cascade,
  add foreign key (federation_id, member_id) references members (federation_id, id) on delete cascade;
alter table licenses add foreign key (federation_id, category_id) references license_categories (federation_id, id),
  add foreign key (federation_id, member_id) references members (federation_id, id),
  add foreign key (federation_id, person_id) references persons (federation_id, id),
  add foreign key (federation_id, season_id) references seasons (federation_id, id);
alter table transfers add foreign key (federation_id, license_id) references licenses (federation_id, id),
  add foreign key (federation_id, person_id) references persons (federation_id, id),
  add foreign key (federation_id, season_id) references seasons (federation_id, id);
alter table competitions add foreign key (federation_id, category_id) references license_categories (federation_id, id),
  add foreign key (federation_id, season_id) references seasons (federation_id, id);
alter table entries add foreign key (federation_id, competition_id) references competitions (federation_id, id),
  add foreign key (federation_id, team_id) references teams (federation_id, id);
alter table match_reports add foreign key (federation_id, match_id) references matches (federation_id, id);
alter table lineup_players add foreign key (federation_id, match_id) references matches (federation_id, id),
  add foreign key (federation_id, member_id) references members (federation_id, id),
  add foreign key (federation_id, person_id) references persons (federation_id, id);
alter table match_officials add foreign key (federation_id, match_id) references matches (federation_id, id),
  add foreign key (federation_id, official_id) references officials (federation_id, id);
alter table sanctions add foreign key (federation_id, person_id) references persons (federation_id, id);
alter table membership_plans add foreign key (federation_id, season_id) references seasons (federation_id, id);
alter table invoices add foreign key (federation_id, member_id) references members (federation_id, id),
  add foreign key (federation_id, plan_id) references membership_plans (federation_id, id);
alter table invoice_lines add foreign key (federation_id, invoice_id) references invoices (federation_id, id);
alter table payments add foreign key (federation_id, invoice_id) references invoices (federation_id, id);
alter table webhook_messages add foreign key (federation_id, endpoint_id) references webhook_endpoints (federation_id, id) on delete cascade;
alter table webhook_attempts add foreign key (federation_id, endpoint_id) references webhook_endpoints (federation_id, id) on delete cascade,
  add foreign key (federation_id, message_id) references webhook_messages (federation_id, id) on delete cascade;
