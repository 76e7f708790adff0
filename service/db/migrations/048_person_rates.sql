-- A person's limits (account mail, invitations, password forms), counted once whichever environment's console
-- asks: identity is shared, so its counts are too (core/metering/shared-rates.ts, `PERSON_RATES`). Unlogged,
-- as the environments' own counters: a crash may forget a minute's counts, never anything acknowledged.
create unlogged table person_rate_buckets (
  name text primary key,
  tokens double precision not null,
  at_ms double precision not null,
  granted boolean not null
);
create index person_rate_buckets_by_time on person_rate_buckets (at_ms);

create unlogged table person_rate_windows (
  name text not null,
  window_start bigint not null,
  used integer not null,
  primary key (name, window_start)
);
