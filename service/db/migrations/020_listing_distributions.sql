-- Listings shown on partner sites (core/listings/distribution-store.ts): one row per listing and site,
-- live or withdrawn; distributing again makes the same row live.
create table listing_distributions (
  id text primary key,
  organization_id text not null references organizations (id),
  listing_id text not null,
  partner_site_id text not null,
  status text not null,
  withdrawn_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (listing_id, partner_site_id)
);
create index listing_distributions_live_by_site on listing_distributions (partner_site_id, listing_id) where status = 'live';
