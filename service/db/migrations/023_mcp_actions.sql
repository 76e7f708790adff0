-- Consequential writes an AI app asks for (surfaces/mcp/inventory-tools.ts): a preview waiting for the
-- person to confirm on the service's page, done once when they do. One per person, kind and idempotency key.
create table mcp_actions (
  id text primary key,
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  kind text not null,
  input jsonb not null,
  idempotency_key text not null,
  status text not null,
  result jsonb,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  unique (user_id, kind, idempotency_key)
);
