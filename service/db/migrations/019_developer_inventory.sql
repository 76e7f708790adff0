-- A developer's inventory (core/inventory): batches of units released to buyers, versioned price
-- lists (a version is never changed; one number per project and version), lead routing rules and
-- the leads they routed (where a lead went is copied, so deleting a rule changes no lead).
create table inventory_batches (
  id text primary key,
  organization_id text not null references organizations (id),
  project_id text not null,
  name text not null,
  unit_type text not null,
  units integer not null,
  status text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index inventory_batches_by_organization on inventory_batches (organization_id, id);

create table price_lists (
  id text primary key,
  organization_id text not null references organizations (id),
  project_id text not null,
  version integer not null,
  effective_from date not null,
  prices jsonb not null,
  created_at timestamptz not null default now(),
  unique (project_id, version)
);

create table lead_routing_rules (
  id text primary key,
  organization_id text not null references organizations (id),
  priority integer not null,
  match jsonb not null,
  route_team text not null,
  route_email text not null,
  created_at timestamptz not null default now()
);
create index lead_routing_rules_in_order on lead_routing_rules (organization_id, priority, id);

create table leads (
  id text primary key,
  organization_id text not null references organizations (id),
  project_id text not null,
  unit_type text,
  budget integer,
  contact_name text not null,
  contact_email text not null,
  routed_rule_id text,
  routed_team text,
  routed_email text,
  created_at timestamptz not null default now()
);
create index leads_by_organization on leads (organization_id, id);

-- Media of listings and projects, by address (never fetched by the service), in the order added.
create table media (
  id text primary key,
  organization_id text not null references organizations (id),
  owner_kind text not null,
  owner_id text not null,
  kind text not null,
  url text not null,
  caption text,
  created_at timestamptz not null default now()
);
create index media_by_owner on media (organization_id, owner_kind, owner_id, id);
