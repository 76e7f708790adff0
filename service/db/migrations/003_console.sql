-- The API Console: sandbox users of the sandbox organizations, their sessions (ids stored as
-- hashes, each with its CSRF token), and the audit log of every change to keys and origins.
create table users (
  id text primary key,
  organization_id text not null references organizations (id),
  name text not null,
  email text not null,
  role text not null
);

create table sessions (
  id_sha256 text primary key,
  user_id text references users (id),
  csrf_token text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create table audit_log (
  id bigserial primary key,
  organization_id text not null references organizations (id),
  user_id text references users (id),
  action text not null,
  target text not null,
  detail jsonb not null default '{}',
  at timestamptz not null default now()
);
create index audit_log_by_organization on audit_log (organization_id, at desc);
