-- Webhooks (core/webhooks, workers/webhook-sender.ts): an organization's endpoints, their secrets sealed
-- (never hashed: they must sign), one delivery per endpoint and event (its id is the webhook-id every
-- retry and replay carries), and every attempt's evidence.
create table webhook_endpoints (
  id text primary key,
  organization_id text not null references organizations (id),
  url text not null,
  description text not null default '',
  -- Empty: every event type.
  event_types text[] not null default '{}',
  enabled boolean not null default true,
  disabled_reason text,
  secret_sealed text not null,
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  failing_since timestamptz,
  created_at timestamptz not null default now()
);
create index webhook_endpoints_by_organization on webhook_endpoints (organization_id);

create table webhook_deliveries (
  id text primary key,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  event_id text not null,
  event_type text not null,
  body text not null,
  status text not null default 'pending' check (status in ('pending', 'sending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  created_at timestamptz not null default now(),
  unique (endpoint_id, event_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status in ('pending', 'sending');

create table webhook_attempts (
  id bigserial primary key,
  delivery_id text not null references webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null,
  status_code integer,
  error text,
  duration_ms integer not null
);
create index webhook_attempts_by_delivery on webhook_attempts (delivery_id, id);
