-- Service operations (core/listings/service-order-store.ts): the work an agency arranges for a home it
-- lists, from request to a scheduled window with a provider, to a report or a cancellation.
create table service_orders (
  id text primary key,
  organization_id text not null references public.organizations (id),
  listing_id text not null references listings (id),
  kind text not null,
  status text not null,
  notes text,
  provider jsonb,
  starts_at timestamptz,
  ends_at timestamptz,
  report text,
  cancelled_reason text,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index service_orders_by_organization on service_orders (organization_id, id);
