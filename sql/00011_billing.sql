-- Club billing: membership plans, invoices with their lines and payments, and the counters
-- that number invoices per club and calendar year. Money is integer minor units (bigint).
create table membership_plans (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  club_id bigint not null references workspaces (id),
  name text not null check (char_length(name) between 1 and 80),
  season_id bigint not null references seasons (id),
  amount bigint not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  description text check (char_length(description) between 1 and 2000),
  status text not null default 'active' check (status in ('active', 'retired')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index membership_plans_club_idx on membership_plans (club_id, id);
create index membership_plans_status_idx on membership_plans (club_id, status, id);
create index membership_plans_season_idx on membership_plans (club_id, season_id, id);
create index membership_plans_updated_idx on membership_plans (club_id, updated_at, id);

-- The last number drawn per club and year. Drawing a number increments the row inside the
-- invoice's own transaction: the row stays locked until commit, and a rollback takes the
-- increment back with it, so numbers are unique and leave no gap.
create table invoice_counters (
  club_id bigint not null references workspaces (id),
  year integer not null check (year between 1 and 9999),
  federation_id bigint not null references workspaces (id),
  last_number integer not null check (last_number between 1 and 999999),
  primary key (club_id, year)
);

-- A member with an invoice cannot be erased (no cascade): the books keep who was billed.
create table invoices (
  id bigint generated always as identity primary key,
  federation_id bigint not null references workspaces (id),
  club_id bigint not null references workspaces (id),
  number text not null check (number ~ '^[0-9]{4}-[0-9]{6}$'),
  member_id bigint not null references members (id),
  plan_id bigint references membership_plans (id),
  amount bigint not null check (amount > 0),
  amount_paid bigint not null default 0 check (amount_paid >= 0 and amount_paid <= amount),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  status text not null default 'open' check (status in ('open', 'paid', 'void')),
  issued_on date not null,
  due_on date check (due_on >= issued_on),
  void_reason text check (char_length(void_reason) between 1 and 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  -- The status follows the money: paid exactly when nothing is left, void only without payments.
  check ((status = 'paid') = (amount_paid = amount)),
  check (status <> 'void' or amount_paid = 0)
);
create unique index invoices_number_key on invoices (club_id, number);
create index invoices_club_idx on invoices (club_id, id);
create index invoices_status_idx on invoices (club_id, status, id);
create index invoices_updated_idx on invoices (club_id, updated_at, id);
-- A member belongs to one club: the member filter and the erase check need no club_id.
create index invoices_member_idx on invoices (member_id, id);
create index invoices_plan_idx on invoices (plan_id, id) where plan_id is not null;

create table invoice_lines (
  invoice_id bigint not null references invoices (id),
  position smallint not null check (position between 1 and 50),
  federation_id bigint not null references workspaces (id),
  description text not null check (char_length(description) between 1 and 200),
  amount bigint not null check (amount > 0),
  primary key (invoice_id, position)
);

create table payments (
  id bigint generated always as identity primary key,
  invoice_id bigint not null references invoices (id),
  federation_id bigint not null references workspaces (id),
  amount bigint not null check (amount > 0),
  method text not null check (method in ('cash', 'card', 'bank_transfer', 'other')),
  paid_on date not null,
  reference text check (char_length(reference) between 1 and 200),
  created_at timestamptz not null default now()
);
create index payments_invoice_idx on payments (invoice_id, id);
