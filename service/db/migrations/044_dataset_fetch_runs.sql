-- The official sources fetched by the service itself (core/datasets/fetch): each run of a source's
-- dataset, its outcome and the figures it left; official data like the imports, so shared.
create table dataset_fetch_runs (
  id text primary key,
  source text not null,
  dataset text not null,
  origin text not null,
  status text not null check (status in ('running', 'imported', 'unchanged', 'failed')),
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  source_updated_at text,
  rows_read integer,
  rows_added integer,
  newest_month text,
  months jsonb,
  warning text,
  failure text
);
create index dataset_fetch_runs_latest on dataset_fetch_runs (dataset, origin, started_at desc);
-- One run of a dataset at a time, across every process of a cluster: a second is refused.
create unique index dataset_fetch_runs_one_running on dataset_fetch_runs (dataset, origin) where status = 'running';
