-- What several processes of the service must share (issue 28): the short-lived limits' counts
-- (core/metering/shared-rates.ts) and MCP sessions (surfaces/mcp/session-store.ts). Unlogged: a crash
-- may forget a minute's counts or an idle session (a client then starts a new one), never anything acknowledged.
create unlogged table rate_buckets (
  name text primary key,
  tokens double precision not null,
  at_ms double precision not null,
  granted boolean not null
);
create index rate_buckets_by_time on rate_buckets (at_ms);

create unlogged table rate_windows (
  name text not null,
  window_start bigint not null,
  used integer not null,
  primary key (name, window_start)
);

create unlogged table mcp_sessions (
  id text primary key,
  client_address text not null,
  -- The client's initialize parameters, replayed when another process first serves the session.
  initialize jsonb not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index mcp_sessions_by_address on mcp_sessions (client_address, last_seen_at);
create index mcp_sessions_by_time on mcp_sessions (last_seen_at);
