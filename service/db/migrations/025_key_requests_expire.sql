-- Issue 39: a widget key an AI app asked for waits for the person as long as every other confirmed
-- write does (15 minutes, core/organizations/pending-actions.ts), not for ever.
alter table key_requests add column expires_at timestamptz;
update key_requests set expires_at = now() + interval '15 minutes' where status = 'pending';
update key_requests set expires_at = now() where expires_at is null;
alter table key_requests alter column expires_at set not null;
