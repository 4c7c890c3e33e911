-- Licensing: the federation's registry of persons, the licenses clubs request for their members,
-- and transfers of a license from one club to another.

-- One record per human being in the federation. The name keys are the names normalised by
-- src/resources/person-names.ts (no case, no accents): the duplicate check looks persons up by
-- birth date and those keys, through persons_identity_idx.
create table persons (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  first_name text not null check (char_length(first_name) between 1 and 80),
  last_name text not null check (char_length(last_name) between 1 and 80),
  first_name_key text not null,
  last_name_key text not null,
  birth_date date not null,
  gender text not null check (gender in ('female', 'male', 'non_binary', 'undisclosed')),
  current_club_id bigint references workspaces (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index persons_federation_idx on persons (federation_id, id);
create index persons_identity_idx on persons (federation_id, birth_date, last_name_key, first_name_key);
create index persons_club_idx on persons (current_club_id, id);
create index persons_updated_idx on persons (federation_id, updated_at, id);
create index persons_name_trgm_idx on persons using gin ((first_name_key || ' ' || last_name_key) gin_trgm_ops);

alter table members add constraint members_person_fk foreign key (person_id) references persons (id);
create index members_person_idx on members (person_id, club_id) where person_id is not null;

create table licenses (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  club_id bigint not null references workspaces (id),
  member_id bigint not null references members (id),
  person_id bigint references persons (id),
  season_id bigint not null references seasons (id),
  category_id bigint not null references license_categories (id),
  -- Category codes never change once created, so the license keeps a copy for its readers.
  category_code text not null,
  number text,
  status text not null default 'requested'
    check (status in ('requested', 'approved', 'rejected', 'withdrawn', 'suspended')),
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  reason text check (char_length(reason) between 1 and 500),
  valid_from date,
  valid_until date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check ((status in ('approved', 'suspended')) = (number is not null))
);
create unique index licenses_number_key on licenses (federation_id, number);
-- One live license per member and season (domain.md: 409 conflict).
create unique index licenses_live_key on licenses (member_id, season_id)
  where status in ('requested', 'approved', 'suspended');
create index licenses_club_idx on licenses (club_id, id);
create index licenses_club_status_idx on licenses (club_id, status, id);
create index licenses_club_updated_idx on licenses (club_id, updated_at, id);
create index licenses_federation_idx on licenses (federation_id, id);
create index licenses_status_idx on licenses (federation_id, status, id);
create index licenses_updated_idx on licenses (federation_id, updated_at, id);
create index licenses_season_idx on licenses (season_id, id);
create index licenses_category_idx on licenses (category_id, id);
create index licenses_person_idx on licenses (person_id, id);
create index licenses_member_idx on licenses (member_id, id);

-- License numbers are "YYYY-NNNNNN", counted per federation and year: the upsert on this row
-- serialises concurrent approvals.
create table license_numbers (
  federation_id bigint not null references workspaces (id),
  year integer not null,
  last_number integer not null,
  primary key (federation_id, year)
);

create table transfers (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  person_id bigint not null references persons (id),
  license_id bigint not null references licenses (id),
  license_number text not null,
  from_club_id bigint not null references workspaces (id),
  to_club_id bigint not null references workspaces (id),
  season_id bigint not null references seasons (id),
  status text not null default 'requested'
    check (status in ('requested', 'released', 'approved', 'rejected', 'cancelled')),
  requested_at timestamptz not null default now(),
  released_at timestamptz,
  decided_at timestamptz,
  reason text check (char_length(reason) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (from_club_id <> to_club_id)
);
-- At most one open transfer per license (domain.md: 409 conflict).
create unique index transfers_open_key on transfers (license_id) where status in ('requested', 'released');
create index transfers_from_idx on transfers (from_club_id, id);
create index transfers_to_idx on transfers (to_club_id, id);
create index transfers_federation_idx on transfers (federation_id, id);
create index transfers_status_idx on transfers (federation_id, status, id);
create index transfers_updated_idx on transfers (federation_id, updated_at, id);

-- Federation lists of clubs filter by status; seasons and categories by status too.
create index workspaces_club_status_idx on workspaces (federation_id, status, id) where kind = 'club';
create index workspaces_club_updated_idx on workspaces (federation_id, updated_at, id) where kind = 'club';
create index seasons_status_idx on seasons (federation_id, status, id);
create index license_categories_federation_idx on license_categories (federation_id, id);
create index license_categories_status_idx on license_categories (federation_id, status, id);
