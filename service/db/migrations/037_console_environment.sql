-- The API Console shows one environment at a time, switched by the person (as dashboards with a test
-- mode do): live only for a real account whose organization passed its integration review.
alter table sessions add column environment text not null default 'sandbox' check (environment in ('sandbox', 'live'));
