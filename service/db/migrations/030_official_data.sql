-- Homes and their transactions as the core's own data, loaded from the official files by one importer
-- (core/datasets/official): each import recorded with its file and counts, each row keyed by its
-- fields and its occurrence in the file, so that importing a file again adds nothing and a newer
-- download of the same dataset adds only its new rows.
create table dataset_imports (
  id text primary key,
  dataset text not null check (dataset in ('hdb_resale', 'hdb_rental', 'ura_sales', 'ura_rentals', 'onemap_addresses')),
  file_name text not null,
  file_sha256 text not null,
  rows_read integer not null,
  rows_added integer not null,
  rows_skipped integer not null,
  newest_month text,
  imported_at timestamptz not null
);
create index dataset_imports_by_dataset on dataset_imports (dataset, imported_at);

create table home_transactions (
  row_key text primary key,
  dataset text not null,
  import_id text not null references dataset_imports (id),
  mode text not null check (mode in ('sale', 'rent')),
  property_type text not null check (property_type in ('hdb', 'condo', 'landed')),
  month text not null,
  town text,
  block text,
  street text not null,
  project text,
  home_kind text not null,
  storey_low integer,
  storey_high integer,
  floor_area_sqm double precision,
  flat_model text,
  lease_commence_year integer,
  tenure text,
  district text,
  lat double precision,
  lng double precision,
  price double precision not null,
  units integer not null
);
create index home_transactions_by_dataset_month on home_transactions (dataset, month);
create index home_transactions_by_place on home_transactions (property_type, mode, street, block, month);
create index home_transactions_by_project on home_transactions (project, mode, month) where project is not null;

create table addresses (
  postal text primary key,
  block text,
  street text not null,
  building text,
  lat double precision not null,
  lng double precision not null,
  import_id text not null references dataset_imports (id)
);
create index addresses_by_block on addresses (street, block);
