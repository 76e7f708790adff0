-- One visitor address's share of estimates (core/metering/visitor-limit.ts), counted by digest.
alter table daily_usage drop constraint daily_usage_kind_check;
alter table daily_usage add constraint daily_usage_kind_check
  check (kind in ('widget_estimate', 'platform_estimate', 'mcp_estimate', 'visitor_estimate'));

-- Tokens from one authorization code are one family: a refresh token used twice revokes all of it.
alter table oauth_tokens add column family_id text;
alter table oauth_tokens add column used_at timestamptz;
update oauth_tokens set family_id = token_sha256 where family_id is null;
alter table oauth_tokens alter column family_id set not null;
create index oauth_tokens_by_family on oauth_tokens (family_id);

-- Expired console sessions are swept (workers/expiry-sweeper.ts).
create index sessions_by_expiry on sessions (expires_at);
