-- OAuth for the MCP endpoint: registered clients, authorization requests awaiting consent, codes
-- and tokens (stored only as hashes, each bound to one resource).
create table oauth_clients (
  client_id text primary key,
  metadata jsonb not null,
  created_at timestamptz not null default now()
);

create table oauth_requests (
  id text primary key,
  client_id text not null references oauth_clients (client_id) on delete cascade,
  client_name text not null,
  scopes text[] not null,
  redirect_uri text not null,
  state text,
  code_challenge text not null,
  resource text not null,
  expires_at timestamptz not null
);

create table oauth_codes (
  code_sha256 text primary key,
  client_id text not null references oauth_clients (client_id) on delete cascade,
  user_id text not null references users (id),
  scopes text[] not null,
  redirect_uri text not null,
  code_challenge text not null,
  resource text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table oauth_tokens (
  token_sha256 text primary key,
  kind text not null check (kind in ('access', 'refresh')),
  client_id text not null references oauth_clients (client_id) on delete cascade,
  user_id text not null references users (id),
  organization_id text not null references organizations (id),
  scopes text[] not null,
  resource text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index oauth_tokens_by_user on oauth_tokens (user_id, client_id);
