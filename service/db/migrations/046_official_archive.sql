-- Every answer an official source gave a fetch, compressed, with when it came (core/datasets/fetch/archive.ts):
-- URA serves five years only, so what leaves its window stays here. Official data, so shared.
create table official_archive (
  id text primary key,
  source text not null,
  request text not null,
  fetched_at timestamptz not null,
  sha256 text not null,
  bytes integer not null,
  body bytea not null
);
create index official_archive_by_source on official_archive (source, fetched_at desc);
