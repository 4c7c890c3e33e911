-- Federation reference data that clubs read: seasons and license categories.
create table seasons (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  name text not null check (char_length(name) between 1 and 40),
  starts_on date not null,
  ends_on date not null,
  status text not null default 'planned' check (status in ('planned', 'open', 'closed')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check (ends_on > starts_on)
);
create index seasons_federation_idx on seasons (federation_id, id);
create unique index seasons_one_open_idx on seasons (federation_id) where status = 'open';
create index seasons_updated_idx on seasons (federation_id, updated_at);

create table license_categories (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  code text not null check (code ~ '^[A-Z0-9_]{1,16}$'),
  name text not null check (char_length(name) between 1 and 80),
  min_age integer check (min_age >= 0),
  max_age integer check (max_age >= 0),
  status text not null default 'active' check (status in ('active', 'retired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint license_categories_code_key unique (federation_id, code)
);
create index license_categories_updated_idx on license_categories (federation_id, updated_at);
