-- A widget key an AI app asks for is one kind of pending action (create_widget_key), like every other
-- write an app asks for: the requests move over with their ids (old confirmation links redirect) and
-- the idempotency keys they were asked with (so an app's retry finds its request), and their table goes.
insert into mcp_actions (id, user_id, organization_id, kind, input, idempotency_key, status, result, expires_at, client_id)
select r.confirmation_id, r.user_id, r.organization_id, 'create_widget_key',
       jsonb_build_object('name', r.name, 'origins', to_jsonb(r.origins)),
       coalesce(
         (select i.key from idempotency_keys i
           where i.scope = 'mcp:create_widget_key:' || r.user_id and i.response_body = r.confirmation_id limit 1),
         'key-request:' || r.confirmation_id),
       case r.status when 'created' then 'confirmed' else r.status end,
       case when r.widget_key_id is null then null else jsonb_build_object('id', r.widget_key_id) end,
       r.expires_at, r.client_id
  from key_requests r
on conflict do nothing;
delete from idempotency_keys where scope like 'mcp:create_widget_key:%';
drop table key_requests;
