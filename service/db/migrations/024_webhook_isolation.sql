-- Issue 39: one receiver's trouble stays its own.
-- The schedule counts its own attempts (a manual replay's are not counted), and a replay of a delivery still
-- in its schedule keeps the schedule's next attempt aside, to resume it if the replay fails.
alter table webhook_deliveries add column scheduled_attempts integer not null default 0;
update webhook_deliveries set scheduled_attempts = attempts;
alter table webhook_deliveries add column resume_at timestamptz;
-- Senders claim per endpoint (a few at a time each), so this index finds an endpoint's due deliveries.
create index webhook_deliveries_due_by_endpoint on webhook_deliveries (endpoint_id, next_attempt_at)
  where status in ('pending', 'sending');

-- An answer's body as its bytes: text refuses NUL, and any body must fit as evidence.
alter table webhook_attempts add column response_bytes bytea;

-- Every rotated-out secret signs until its own expiry: [{"sealed": …, "expiresAt": …}], newest first.
alter table webhook_endpoints add column retired_secrets jsonb not null default '[]';
update webhook_endpoints
   set retired_secrets = jsonb_build_array(jsonb_build_object('sealed', previous_secret_sealed,
                                                              'expiresAt', previous_secret_expires_at))
 where previous_secret_sealed is not null and previous_secret_expires_at is not null;
alter table webhook_endpoints drop column previous_secret_sealed;
alter table webhook_endpoints drop column previous_secret_expires_at;
