-- Events: every change the audit log records also writes one outbox row, in the same transaction,
-- for workers to deliver (core/events, workers/). A claim is a lease: a worker that dies mid-event
-- (kill -9) leaves it to be claimed again once locked_until has passed.
create table outbox (
  id text primary key,
  type text not null,
  organization_id text references organizations (id),
  audit_id bigint references audit_log (id),
  payload jsonb not null,
  created_at timestamptz not null default now(),
  available_at timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  processed_at timestamptz,
  last_error text
);
create index outbox_waiting on outbox (available_at, created_at) where processed_at is null;

-- Idempotency for every write (core/idempotency): the first answer to a key is kept and replayed.
-- Keys belong to a caller (a platform key, a console session's person, an MCP grant's person).
create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  status text not null check (status in ('running', 'done')),
  response_status integer,
  response_headers jsonb,
  response_body text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expiry on idempotency_keys (expires_at);
