-- The values a widget key had before its rotations, each working until the end of the grace the owner
-- chose (an hour, a day, a week), so pages keep working until they are redeployed. A rotation with no
-- grace (a leaked key) ends them all.
create table widget_key_previous_values (
  key text primary key,
  widget_key_id text not null references widget_keys (id) on delete cascade,
  expires_at timestamptz not null
);
create index widget_key_previous_values_by_key_id on widget_key_previous_values (widget_key_id);
