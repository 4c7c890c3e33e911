-- Partner credentials, and the per-request bookkeeping of replay protection.
create table credentials (
  id bigint generated always as identity primary key,
  key_id text not null unique,
  workspace_id bigint not null references workspaces (id),
  issuer_id bigint not null references operators (id),
  label text not null check (char_length(label) between 1 and 100),
  algorithm text not null check (algorithm in ('hmac-sha256', 'rsa2')),
  kind text not null default 'live' check (kind in ('live', 'legacy', 'mock')),
  scopes text[] not null,
  status text not null default 'active' check (status in ('active', 'revoked')),
  expires_at timestamptz,
  rate_limit integer check (rate_limit > 0),
  -- hmac-sha256: the secret sealed with AES-256-GCM under PARTNER_SECRET_KEY; rsa2: the public key.
  secret_sealed bytea,
  public_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  revoked_at timestamptz,
  check ((algorithm = 'hmac-sha256') = (secret_sealed is not null)),
  check ((algorithm = 'rsa2') = (public_key is not null))
);
create index credentials_workspace_idx on credentials (workspace_id, id);

-- Every instance caches credentials; a change of any row tells them all to forget it.
create function credentials_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('credentials_changed', coalesce(new.key_id, old.key_id));
  return null;
end $$;
create trigger credentials_changed after update or delete on credentials
  for each row execute function credentials_notify();

-- Unlogged: losing seen nonces or rate counts in a crash only reopens a 5-minute window
-- that signatures already bound, and keeps these writes out of the WAL fsync path.
create unlogged table nonces (
  credential_id bigint not null,
  nonce text not null,
  expires_at timestamptz not null,
  primary key (credential_id, nonce)
);
create index nonces_expiry_idx on nonces (expires_at);

create unlogged table rate_windows (
  credential_id bigint not null,
  window_start timestamptz not null,
  used integer not null,
  primary key (credential_id, window_start)
);
