-- Organizations, the widget keys they own with their exact origins, daily estimate usage, and
-- platform keys stored only as hashes.
create table organizations (
  id text primary key,
  name text not null,
  kind text not null check (kind in ('agency', 'developer', 'partner_site'))
);

create table widget_keys (
  id text primary key,
  organization_id text not null references organizations (id),
  -- Widget keys are publishable: the console shows them so a site owner can paste them.
  key text not null unique,
  name text not null,
  -- Sandbox magic keys start each UTC day with this many estimates already counted.
  starts_day_at integer not null default 0,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table widget_key_origins (
  widget_key_id text not null references widget_keys (id) on delete cascade,
  origin text not null,
  primary key (widget_key_id, origin)
);

create table estimate_usage (
  widget_key_id text not null references widget_keys (id) on delete cascade,
  day date not null,
  count integer not null check (count >= 0),
  primary key (widget_key_id, day)
);

create table platform_keys (
  id text primary key,
  organization_id text not null references organizations (id),
  sha256 text not null unique,
  prefix text not null,
  last4 text not null,
  label text not null,
  scopes text[] not null,
  starts_day_at integer not null default 0,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
