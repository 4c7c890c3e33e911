-- A value sealed with PARTNER_SECRET_KEY when the first instance starts: every later start opens
-- it, so a different key is refused at start-up instead of failing every hmac request.
-- A property of the installation, like schema_migrations, so it has no federation_id.
create table secret_key_canary (
  singleton boolean primary key default true check (singleton),
  sealed bytea not null,
  created_at timestamptz not null default now()
);
