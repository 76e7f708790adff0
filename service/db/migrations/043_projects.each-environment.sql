-- What a developer sells, per environment like listings (core/directory/project-store.ts): its
-- projects, moved along ProjectStatus's x-transitions, and each project's unit types, which
-- inventory batches name. A sandbox project is test data; a live one is real.
create table projects (
  id text primary key,
  organization_id text not null references public.organizations (id),
  name text not null,
  address text,
  district integer not null check (district between 1 and 28),
  tenure text not null,
  status text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index projects_by_organization on projects (organization_id, id);

create table unit_types (
  id text primary key,
  organization_id text not null references public.organizations (id),
  project_id text not null references projects (id),
  name text not null,
  bedrooms integer not null,
  floor_area_sqm numeric not null,
  units integer not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index unit_types_of_project on unit_types (project_id, id);
-- A name is one unit type's among a project's active ones: batches name unit types by name.
create unique index unit_types_active_name on unit_types (project_id, name) where status = 'active';
