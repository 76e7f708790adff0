-- Daily Platform API valuations per platform key, counted like the widget's estimates.
create table valuation_usage (
  platform_key_id text not null references platform_keys (id) on delete cascade,
  day date not null,
  count integer not null check (count >= 0),
  primary key (platform_key_id, day)
);
