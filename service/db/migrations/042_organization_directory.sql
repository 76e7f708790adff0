-- Who an organization is, shared by both environments like the organization itself
-- (core/directory): an agency's agents (CEA-registered salespeople) and teams, and a partner site's
-- profile. An archived agent keeps their id, so listings and analytics keep naming them.
create table agents (
  id text primary key,
  organization_id text not null references organizations (id),
  name text not null,
  cea_number text not null,
  email text,
  phone text,
  role text not null check (role in ('agent', 'team_lead', 'agency_admin')),
  status text not null default 'active' check (status in ('active', 'archived')),
  user_id text references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index agents_by_organization on agents (organization_id, id);
-- A CEA registration is one person's: at most one active agent holds it, at any agency.
create unique index agents_active_cea_number on agents (cea_number) where status = 'active';

create table teams (
  id text primary key,
  organization_id text not null references organizations (id),
  name text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index teams_by_organization on teams (organization_id, id);

create table team_members (
  team_id text not null references teams (id),
  agent_id text not null references agents (id),
  primary key (team_id, agent_id)
);
create index team_members_by_agent on team_members (agent_id);

create table partner_site_profiles (
  id text primary key,
  organization_id text not null unique references organizations (id),
  name text not null,
  url text not null,
  modes text[] not null,
  property_types text[] not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- An agency's CEA licence number, as its agents' context names it (empty until the agency gives it).
alter table organizations add column cea_licence text;
