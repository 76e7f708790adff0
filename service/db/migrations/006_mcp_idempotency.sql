-- create_widget_key through the MCP endpoint: each idempotency key of a person, what it asked for,
-- and what became of it (awaiting confirmation on the service's page, declined, or the key created).
create table mcp_idempotency (
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  idempotency_key text not null,
  args_sha256 text not null,
  name text not null,
  origins text[] not null,
  status text not null check (status in ('pending', 'declined', 'created')),
  confirmation_id text not null unique,
  widget_key_id text references widget_keys (id),
  created_at timestamptz not null default now(),
  primary key (user_id, idempotency_key)
);
