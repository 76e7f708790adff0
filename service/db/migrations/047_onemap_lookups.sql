-- Each HDB block the service asked OneMap to place (core/datasets/fetch/place-blocks.ts): asked once, found or
-- not, so no block is looked up twice. Official data, so shared.
create table onemap_lookups (
  block text not null,
  street_key text not null,
  looked_up_at timestamptz not null,
  postal text,
  primary key (block, street_key)
);
