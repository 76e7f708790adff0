-- A buyer's mortgage journey (core/mortgages): its status, the affordability worked out when it
-- started, and each step's record (approval, valuation, offer) written once by the move that reaches
-- it. The buyer's name and email are for the organization's own keys; no event carries them.
create table mortgage_journeys (
  id text primary key,
  organization_id text not null references public.organizations (id),
  status text not null,
  buyer_name text not null,
  buyer_email text not null,
  property_id text,
  affordability_input jsonb not null,
  affordability jsonb not null,
  approval jsonb,
  valuation jsonb,
  offer jsonb,
  accepted_at timestamptz,
  completed_at timestamptz,
  closed_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mortgage_journeys_by_organization on mortgage_journeys (organization_id, id);
