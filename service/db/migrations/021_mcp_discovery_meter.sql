-- MCP's public discovery (market and finance answers) counts per client and day like its valuations.
alter table daily_usage drop constraint daily_usage_kind_check;
alter table daily_usage add constraint daily_usage_kind_check
  check (kind in ('widget_estimate', 'platform_estimate', 'mcp_estimate', 'mcp_discovery', 'visitor_estimate'));
