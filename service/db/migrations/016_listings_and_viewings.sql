-- An agency's listings and their viewings (core/listings, issue 29). Statuses move only as the
-- contract's x-transitions say (the code reads them from there); a listing's requested and confirmed
-- viewings never overlap (taken in turn under a lock per listing: listings/viewing-store.ts).
create table listings (
  id text primary key,
  organization_id text not null references organizations (id),
  property_id text not null,
  mode text not null check (mode in ('sale', 'rent')),
  list_price integer not null check (list_price > 0),
  public_remarks text not null default '',
  standard_status text not null,
  list_agent_id text not null,
  status_changed_at timestamptz not null default now(),
  modified_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index listings_by_organization on listings (organization_id, id);

create table viewings (
  id text primary key,
  organization_id text not null references organizations (id),
  listing_id text not null references listings (id),
  status text not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  attendee_name text not null,
  rescheduled_from_id text references viewings (id),
  rescheduled_to_id text references viewings (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index viewings_by_organization on viewings (organization_id, id);
create index viewings_by_listing on viewings (listing_id, starts_at);
