-- A widget key an AI app asks for is one kind of pending action (create_widget_key), like every other
-- write an app asks for: the requests move over with their ids (old confirmation links redirect) and
-- the idempotency keys they were asked with (so an app's retry finds its request), and their table goes.
-- A request claimed but whose key was never made (the process stopped between) is waiting again, as it was then.
insert into mcp_actions (id, user_id, organization_id, kind, input, idempotency_key, status, result, expires_at, client_id, created_at)
select r.confirmation_id, r.user_id, r.organization_id, 'create_widget_key',
       jsonb_build_object('name', r.name, 'origins', to_jsonb(r.origins)),
       coalesce(
         (select i.key from idempotency_keys i
           where i.scope = 'mcp:create_widget_key:' || r.user_id and i.response_body = r.confirmation_id limit 1),
         'key-request:' || r.confirmation_id),
       case when r.status = 'created' and r.widget_key_id is not null then 'confirmed'
            when r.status = 'created' then 'pending'
            else r.status end,
       case when r.widget_key_id is null then null else jsonb_build_object('id', r.widget_key_id) end,
       r.expires_at, r.client_id, r.created_at
  from key_requests r;
delete from idempotency_keys where scope like 'mcp:create_widget_key:%';
drop table key_requests;
