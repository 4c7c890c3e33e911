-- Idempotency-Key records: the first completed response to (credential, key), kept 24 h.
-- Logged (unlike nonces): losing one could repeat a side effect. A successful write stores its
-- response in its own transaction, so the record and the effect commit together.
create table idempotency_keys (
  credential_id bigint not null references credentials (id),
  key text not null,
  fingerprint text not null,
  state text not null default 'running' check (state in ('running', 'done')),
  response_status integer,
  response_body text,
  response_headers jsonb,
  created_at timestamptz not null default now(),
  primary key (credential_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
