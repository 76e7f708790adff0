-- Webhook evidence and replays (issue 32): what each attempt sent and what came back (headers, the
-- first 4 KB of the body), whether the schedule or a person started it, test deliveries told apart,
-- and a replay that is one manual attempt outside the retry schedule.
alter table webhook_deliveries add column test boolean not null default false;
alter table webhook_deliveries add column manual boolean not null default false;
create index webhook_deliveries_by_endpoint on webhook_deliveries (endpoint_id, created_at desc, id desc);

alter table webhook_attempts add column trigger text not null default 'scheduled' check (trigger in ('scheduled', 'manual'));
alter table webhook_attempts add column request_url text;
alter table webhook_attempts add column request_headers jsonb;
alter table webhook_attempts add column response_headers jsonb;
alter table webhook_attempts add column response_body text;
alter table webhook_attempts add column response_truncated boolean not null default false;

alter table webhook_endpoints add column updated_at timestamptz;
