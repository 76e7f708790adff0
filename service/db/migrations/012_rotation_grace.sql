-- A rotated widget key's old value keeps working until the end of the grace the owner chose
-- (none, an hour, a day, a week), so pages keep working until they are redeployed.
alter table widget_keys add column previous_key text unique;
alter table widget_keys add column previous_key_expires_at timestamptz;
