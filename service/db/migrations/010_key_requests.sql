-- MCP's create_widget_key: its idempotency keys move to idempotency_keys (one store for every write);
-- what an AI app asked for, waiting for the person's confirmation, stays here as a key request.
alter table mcp_idempotency rename to key_requests;

insert into idempotency_keys (scope, key, fingerprint, status, response_status, response_headers, response_body, created_at, expires_at)
  select 'mcp:create_widget_key:' || user_id, idempotency_key, args_sha256, 'done', 200, '{}', confirmation_id, created_at, now() + interval '24 hours'
    from key_requests;

alter table key_requests drop constraint mcp_idempotency_pkey;
alter table key_requests drop column idempotency_key;
alter table key_requests drop column args_sha256;
alter table key_requests add primary key (confirmation_id);
