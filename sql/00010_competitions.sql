-- Competitions and discipline: competitions with their entries and matches (reports, lineups,
-- officials), the federation's officials, and sanctions.
create table competitions (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  name text not null check (char_length(name) between 1 and 120),
  season_id bigint not null references seasons (id),
  category_id bigint references license_categories (id),
  legs integer not null default 1 check (legs in (1, 2)),
  status text not null default 'draft' check (status in ('draft', 'open', 'closed', 'scheduled', 'completed')),
  entry_deadline date,
  starts_on date not null,
  max_entries integer check (max_entries >= 2),
  points jsonb not null default '{"win": 3, "draw": 1, "loss": 0}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index competitions_federation_idx on competitions (federation_id, id);
create index competitions_status_idx on competitions (federation_id, status, id);
create index competitions_season_idx on competitions (federation_id, season_id, id);
create index competitions_updated_idx on competitions (federation_id, updated_at, id);

-- An entry keeps the team's name as entered: fixtures and tables show it.
create table entries (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  competition_id bigint not null references competitions (id),
  club_id bigint not null references workspaces (id),
  team_id bigint not null references teams (id),
  team_name text not null,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected', 'withdrawn')),
  reason text check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index entries_team_key on entries (competition_id, team_id) where status in ('pending', 'accepted');
create index entries_competition_idx on entries (competition_id, id);
create index entries_competition_status_idx on entries (competition_id, status, id);
create index entries_club_idx on entries (club_id, competition_id);
create index entries_team_idx on entries (team_id);

-- A match carries both sides' entry, club, team and team name (the entries are final once the
-- fixtures exist), so "a club sees the matches it plays" and the lists by club are plain index reads. Scheduled instants are kept to the millisecond the API shows.
create table matches (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  competition_id bigint not null references competitions (id),
  round integer not null check (round >= 1),
  leg integer not null check (leg in (1, 2)),
  home_entry_id bigint not null references entries (id),
  home_club_id bigint not null references workspaces (id),
  home_team_id bigint not null references teams (id),
  home_team_name text not null,
  away_entry_id bigint not null references entries (id),
  away_club_id bigint not null references workspaces (id),
  away_team_id bigint not null references teams (id),
  away_team_name text not null,
  scheduled_at timestamptz not null check (scheduled_at = date_trunc('milliseconds', scheduled_at)),
  venue text check (char_length(venue) between 1 and 200),
  status text not null default 'scheduled' check (status in ('scheduled', 'postponed', 'played', 'cancelled')),
  home_score integer check (home_score >= 0),
  away_score integer check (away_score >= 0),
  result_source text check (result_source in ('reports', 'federation')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (home_entry_id <> away_entry_id),
  check ((status = 'played') = (home_score is not null and away_score is not null and result_source is not null))
);
create index matches_home_idx on matches (home_club_id, scheduled_at, id);
create index matches_away_idx on matches (away_club_id, scheduled_at, id);
create index matches_federation_idx on matches (federation_id, scheduled_at, id);
create index matches_round_idx on matches (competition_id, round, scheduled_at, id);
create index matches_competition_idx on matches (competition_id, scheduled_at, id);
create index matches_updated_idx on matches (federation_id, updated_at, id);
create index matches_home_team_idx on matches (home_team_id);
create index matches_away_team_idx on matches (away_team_id);

-- The latest report of each club of the match.
create table match_reports (
  match_id bigint not null references matches (id),
  club_id bigint not null references workspaces (id),
  federation_id bigint not null references workspaces (id),
  home_score integer not null check (home_score >= 0),
  away_score integer not null check (away_score >= 0),
  reported_at timestamptz not null default now(),
  primary key (match_id, club_id)
);

-- A club's lineup for a match. The person is kept beside the member: the federation sees persons.
create table lineup_players (
  match_id bigint not null references matches (id),
  club_id bigint not null references workspaces (id),
  federation_id bigint not null references workspaces (id),
  member_id bigint not null references members (id),
  person_id bigint references persons (id),
  shirt_number integer not null check (shirt_number between 1 and 99),
  starter boolean not null,
  submitted_at timestamptz not null default now(),
  primary key (match_id, club_id, member_id)
);
create index lineup_players_member_idx on lineup_players (member_id);

create table officials (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  first_name text not null check (char_length(first_name) between 1 and 80),
  last_name text not null check (char_length(last_name) between 1 and 80),
  email text,
  grade text not null check (char_length(grade) between 1 and 32),
  status text not null default 'active' check (status in ('active', 'inactive')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index officials_federation_idx on officials (federation_id, id);
create index officials_status_idx on officials (federation_id, status, id);
create index officials_updated_idx on officials (federation_id, updated_at, id);

-- `match_day` is the UTC day of the match: one official, one match a day, even when two
-- assignments commit at once (the unique index decides).
create table match_officials (
  match_id bigint not null references matches (id),
  official_id bigint not null references officials (id),
  federation_id bigint not null references workspaces (id),
  role text not null check (role in ('referee', 'assistant_referee', 'fourth_official', 'commissioner')),
  match_day date not null,
  primary key (match_id, official_id)
);
create unique index match_officials_day_key on match_officials (official_id, match_day);
create unique index match_officials_referee_key on match_officials (match_id) where role = 'referee';

-- `expired` is not stored: it is an active sanction whose ends_on has passed (domain.md).
create table sanctions (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  subject_type text not null check (subject_type in ('person', 'club')),
  person_id bigint references persons (id),
  club_id bigint references workspaces (id),
  kind text not null check (kind in ('warning', 'fine', 'suspension')),
  reason text not null check (char_length(reason) between 1 and 500),
  starts_on date not null,
  ends_on date,
  amount integer check (amount > 0),
  currency text check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'active' check (status in ('active', 'lifted')),
  lifted_at timestamptz,
  lift_reason text check (char_length(lift_reason) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check ((subject_type = 'person') = (person_id is not null and club_id is null)),
  check ((subject_type = 'club') = (club_id is not null and person_id is null)),
  check (kind <> 'suspension' or subject_type = 'person'),
  check ((kind = 'fine') = (amount is not null and currency is not null)),
  check (ends_on is null or ends_on >= starts_on)
);
create index sanctions_federation_idx on sanctions (federation_id, id);
create index sanctions_status_idx on sanctions (federation_id, status, id);
create index sanctions_updated_idx on sanctions (federation_id, updated_at, id);
create index sanctions_person_idx on sanctions (person_id, kind, starts_on) where person_id is not null;
create index sanctions_club_idx on sanctions (club_id, id) where club_id is not null;
