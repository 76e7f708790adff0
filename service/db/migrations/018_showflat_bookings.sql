-- Showflat bookings of a developer's projects (core/inventory): a half-hour slot holds one booking,
-- which the partial unique index enforces on every engine and process (a cancelled booking frees it).
create table showflat_bookings (
  id text primary key,
  organization_id text not null references organizations (id),
  project_id text not null,
  status text not null,
  starts_at timestamptz not null,
  visitor_name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index showflat_bookings_one_per_slot on showflat_bookings (project_id, starts_at) where status <> 'cancelled';
create index showflat_bookings_by_organization on showflat_bookings (organization_id, id);
