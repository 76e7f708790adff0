-- A widget key an AI app asks for is one kind of pending action (create_widget_key), like every other
-- write an app asks for: the requests move over with their ids (old confirmation links redirect), and
-- their table goes.
insert into mcp_actions (id, user_id, organization_id, kind, input, idempotency_key, status, result, expires_at, client_id)
select confirmation_id, user_id, organization_id, 'create_widget_key',
       jsonb_build_object('name', name, 'origins', to_jsonb(origins)),
       'key-request:' || confirmation_id,
       case status when 'created' then 'confirmed' else status end,
       case when widget_key_id is null then null else jsonb_build_object('id', widget_key_id) end,
       expires_at, client_id
  from key_requests
on conflict do nothing;
drop table key_requests;
