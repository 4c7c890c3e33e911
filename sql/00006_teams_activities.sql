-- Teams with their rosters, and activities with their attendance. Roster and attendance rows
-- have no version of their own: a change to them bumps the team's or the activity's version.
create table teams (
  id bigint generated always as identity primary key,
  club_id bigint not null references workspaces (id),
  name text not null check (char_length(name) between 1 and 80),
  season_id bigint not null references seasons (id),
  category text not null check (char_length(category) between 1 and 32),
  gender text not null check (gender in ('female', 'male', 'mixed')),
  status text not null default 'active' check (status in ('active', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index teams_club_idx on teams (club_id, id);
create index teams_updated_idx on teams (club_id, updated_at, id);
create index teams_season_idx on teams (club_id, season_id, id);
create index teams_status_idx on teams (club_id, status, id);
-- Federation-side counts and competition entries look teams up by season.
create index teams_season_fk_idx on teams (season_id);

-- Erasing a member (club.members.delete) takes its roster and attendance rows with it.
create table roster_entries (
  team_id bigint not null references teams (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  role text not null check (role in ('player', 'coach', 'assistant_coach', 'manager', 'medic')),
  shirt_number integer check (shirt_number between 1 and 99),
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (team_id, member_id)
);
create unique index roster_entries_shirt_key on roster_entries (team_id, shirt_number)
  where role = 'player' and shirt_number is not null;
create index roster_entries_member_idx on roster_entries (member_id, team_id);

-- starts_at/ends_at are kept to the millisecond the API shows, so a list cursor built from
-- a shown starts_at lands exactly on the row.
create table activities (
  id bigint generated always as identity primary key,
  club_id bigint not null references workspaces (id),
  kind text not null check (kind in ('training', 'match', 'meeting', 'other')),
  title text not null check (char_length(title) between 1 and 120),
  team_id bigint references teams (id),
  starts_at timestamptz not null check (starts_at = date_trunc('milliseconds', starts_at)),
  ends_at timestamptz not null check (ends_at = date_trunc('milliseconds', ends_at)),
  location text check (char_length(location) <= 200),
  notes text check (char_length(notes) <= 2000),
  status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  cancel_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (ends_at > starts_at)
);
create index activities_club_idx on activities (club_id, id);
create index activities_starts_idx on activities (club_id, starts_at, id);
create index activities_updated_idx on activities (club_id, updated_at, id);
create index activities_team_idx on activities (team_id, starts_at, id);
create index activities_status_idx on activities (club_id, status, starts_at, id);
create index activities_kind_idx on activities (club_id, kind, starts_at, id);

create table attendance (
  activity_id bigint not null references activities (id) on delete cascade,
  member_id bigint not null references members (id) on delete cascade,
  status text not null check (status in ('present', 'absent', 'excused', 'late')),
  note text check (char_length(note) between 1 and 500),
  recorded_at timestamptz not null default now(),
  primary key (activity_id, member_id)
);
create index attendance_member_idx on attendance (member_id, activity_id);
