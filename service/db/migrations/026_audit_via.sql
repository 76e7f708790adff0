-- Issue 39: the audit log names who made a change no person made: a platform key ('platform_key:<id>')
-- or the service itself ('service'); null for a person's change (user_id says who).
alter table audit_log add column via text;
update audit_log set via = 'service' where user_id is null;
