-- Issue 39: a confirmation page names the AI app that asked (its registered client_name), so the
-- person knows who wants the write. Requests made before this stay unnamed.
alter table key_requests add column client_id text;
alter table mcp_actions add column client_id text;
