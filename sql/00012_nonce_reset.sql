-- Replay protection that survives a crash. A crash (or a failover) empties the unlogged
-- `nonces` table, and with it the sentinel row inserted here; the service notices the missing
-- sentinel, puts it back and moves `reset_at` to that moment in the same statement. From then
-- on a signature whose `created` is before `reset_at` is refused: its nonce may have been used
-- and forgotten. A property of the installation, like schema_migrations, so it has no federation_id.
create table nonce_reset (
  singleton boolean primary key default true check (singleton),
  reset_at timestamptz not null
);
insert into nonce_reset (reset_at) values (to_timestamp(0));
-- credential_id 0 is no credential; 'sentinel' is shorter than any valid nonce.
insert into nonces (credential_id, nonce, expires_at) values (0, 'sentinel', 'infinity');

-- Instances also cache the absence of a key id: a new credential must evict it too.
drop trigger credentials_changed on credentials;
create trigger credentials_changed after insert or update or delete on credentials
  for each row execute function credentials_notify();
