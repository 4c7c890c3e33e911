-- Workspaces (clubs and federations) and the human operators who issue credentials.
create table workspaces (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('club', 'federation')),
  name text not null check (char_length(name) between 1 and 120),
  short_name text check (char_length(short_name) between 1 and 40),
  country text check (country ~ '^[A-Z]{2}$'),
  federation_id bigint references workspaces (id),
  affiliation_number text,
  status text not null default 'active' check (status in ('active', 'suspended')),
  suspend_reason text,
  email text,
  phone text,
  website text,
  address jsonb,
  founded_year integer,
  -- Commercial attributes: never read by the grant rules (auth.md).
  package text,
  subscription_status text,
  modules text[] not null default '{}',
  flags jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  check ((kind = 'club') = (federation_id is not null))
);
create index workspaces_federation_idx on workspaces (federation_id, id) where federation_id is not null;
create unique index workspaces_affiliation_idx on workspaces (federation_id, affiliation_number);

create table operators (
  id bigint generated always as identity primary key,
  workspace_id bigint not null references workspaces (id),
  email text not null,
  is_owner boolean not null default false,
  permissions text[] not null default '{}',
  created_at timestamptz not null default now(),
  unique (workspace_id, email)
);
