-- Two environments, always isolated (db/environments.ts). What an environment owns moves to the schema
-- `sandbox`, and `live` gets the same tables, empty, with their own sequences and with foreign keys
-- among themselves (to the shared `public` tables, such as organizations and users, as before).
-- Identity (people, organizations, memberships, sessions, reviews) and the official data stay in public.
create schema sandbox;
create schema live;

alter table platform_keys set schema sandbox;
alter table widget_keys set schema sandbox;
alter table widget_key_origins set schema sandbox;
alter table widget_key_previous_values set schema sandbox;
alter table webhook_endpoints set schema sandbox;
alter table webhook_deliveries set schema sandbox;
alter table webhook_attempts set schema sandbox;
alter table listings set schema sandbox;
alter table viewings set schema sandbox;
alter table listing_distributions set schema sandbox;
alter table media set schema sandbox;
alter table showflat_bookings set schema sandbox;
alter table inventory_batches set schema sandbox;
alter table price_lists set schema sandbox;
alter table lead_routing_rules set schema sandbox;
alter table leads set schema sandbox;
alter table daily_usage set schema sandbox;
alter table idempotency_keys set schema sandbox;
alter table outbox set schema sandbox;
alter table audit_log set schema sandbox;
alter table oauth_clients set schema sandbox;
alter table oauth_codes set schema sandbox;
alter table oauth_requests set schema sandbox;
alter table oauth_tokens set schema sandbox;
alter table mcp_sessions set schema sandbox;
alter table mcp_actions set schema sandbox;
alter table rate_buckets set schema sandbox;
alter table rate_windows set schema sandbox;

-- A person's own account events (sign-ins, resets, passkeys) belong to no environment.
create table account_events (
  id bigserial primary key,
  user_id text references users (id),
  action text not null,
  target text not null,
  detail jsonb not null default '{}',
  at timestamptz not null default now()
);
create index account_events_by_user on account_events (user_id, id desc);
insert into account_events (user_id, action, target, detail, at)
  select user_id, action, target, detail, at from sandbox.audit_log where organization_id is null order by id;
delete from sandbox.audit_log where organization_id is null;
alter table sandbox.audit_log alter column organization_id set not null;

do $$
declare
  t record;
  c record;
  sequence_name text;
begin
  for t in
    select r.relname, r.relpersistence from pg_class r join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = 'sandbox' and r.relkind = 'r' order by r.relname
  loop
    execute format('create %s table live.%I (like sandbox.%I including all)',
      case when t.relpersistence = 'u' then 'unlogged' else '' end, t.relname, t.relname);
  end loop;
  for c in
    select table_name, column_name from information_schema.columns
    where table_schema = 'live' and column_default like 'nextval(%'
  loop
    sequence_name := c.table_name || '_' || c.column_name || '_seq';
    execute format('create sequence live.%I owned by live.%I.%I', sequence_name, c.table_name, c.column_name);
    execute format('alter table live.%I alter column %I set default nextval(%L::regclass)',
      c.table_name, c.column_name, 'live.' || sequence_name);
  end loop;
  for c in
    select k.conname, r.relname, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class r on r.oid = k.conrelid join pg_namespace n on n.oid = r.relnamespace
    where n.nspname = 'sandbox' and k.contype = 'f'
  loop
    execute format('alter table live.%I add constraint %I %s', c.relname, c.conname,
      replace(c.definition, 'REFERENCES sandbox.', 'REFERENCES live.'));
  end loop;
end
$$;
