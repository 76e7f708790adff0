-- Daily valuations through the MCP endpoint, per client (its network address while it is not signed in).
create table mcp_valuation_usage (
  client text not null,
  day date not null,
  count integer not null check (count >= 0),
  primary key (client, day)
);
