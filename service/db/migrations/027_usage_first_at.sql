-- Issue 39: when a day's first use of a meter happened, not only its day (the go-live checklist's
-- "valuation called" step showed midnight UTC).
alter table daily_usage add column first_at timestamptz;
update daily_usage set first_at = day::timestamptz;
alter table daily_usage alter column first_at set default now();
alter table daily_usage alter column first_at set not null;
