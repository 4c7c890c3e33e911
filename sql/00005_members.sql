-- Club members. Personal data lives only here: deleting a member deletes the row, and the
-- change feed keeps nothing but the id.
create extension if not exists pg_trgm;

create table members (
  id bigint generated always as identity primary key,
  club_id bigint not null references workspaces (id),
  first_name text not null check (char_length(first_name) between 1 and 80),
  last_name text not null check (char_length(last_name) between 1 and 80),
  birth_date date not null,
  gender text not null check (gender in ('female', 'male', 'non_binary', 'undisclosed')),
  email text,
  phone text,
  address jsonb,
  external_ref text check (char_length(external_ref) between 1 and 64),
  joined_on date not null default current_date,
  status text not null default 'active' check (status in ('active', 'archived')),
  person_id bigint,
  guardians jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index members_club_idx on members (club_id, id);
create unique index members_external_ref_key on members (club_id, external_ref);
create index members_status_idx on members (club_id, status, id);
create index members_updated_idx on members (club_id, updated_at, id);
create index members_name_trgm_idx on members using gin ((lower(first_name || ' ' || last_name)) gin_trgm_ops);
