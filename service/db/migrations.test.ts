/** Migrations that move what people left waiting: nothing acknowledged is lost on the way. */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { type Database, openDatabase } from './database.js';
import { migrate } from './migrate.js';

let db: Database | undefined;
after(() => db?.close());

it('029 moves each widget key request to a pending action, with its id and the idempotency key it was asked with; one claimed but never made waits again', async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db, { until: '028_confirmations_name_the_app.sql' });
  await db.query(`insert into organizations (id, name, kind) values ('org_a', 'A', 'agency')`);
  await db.query(
    `insert into users (id, organization_id, name, email, role) values ('usr_a', 'org_a', 'A', 'a@example.com', 'owner')`,
  );
  const request = (id: string, status: string, widgetKey: string | null) =>
    db!.query(
      `insert into key_requests (user_id, organization_id, name, origins, status, confirmation_id, widget_key_id, expires_at)
       values ('usr_a', 'org_a', $1, array['https://a.example'], $2, $3, $4, now() + interval '10 minutes')`,
      [`Key ${id}`, status, id, widgetKey],
    );
  await request('a'.repeat(32), 'pending', null);
  await request('b'.repeat(32), 'created', null);
  await db.query(
    `insert into idempotency_keys (scope, key, fingerprint, status, response_status, response_headers, response_body, expires_at)
     values ('mcp:create_widget_key:usr_a', 'assistant-key-1', 'f', 'done', 200, '{}', $1, now() + interval '1 day')`,
    ['a'.repeat(32)],
  );

  assert.deepEqual(await migrate(db, { until: '029_key_requests_are_actions.sql' }), [
    '029_key_requests_are_actions.sql',
  ]);
  const actions = await db.query<{ id: string; kind: string; idempotency_key: string; status: string; input: unknown }>(
    'select id, kind, idempotency_key, status, input from mcp_actions order by id',
  );
  assert.deepEqual(actions, [
    {
      id: 'a'.repeat(32),
      kind: 'create_widget_key',
      idempotency_key: 'assistant-key-1',
      status: 'pending',
      input: { name: `Key ${'a'.repeat(32)}`, origins: ['https://a.example'] },
    },
    {
      id: 'b'.repeat(32),
      kind: 'create_widget_key',
      idempotency_key: `key-request:${'b'.repeat(32)}`,
      status: 'pending',
      input: { name: `Key ${'b'.repeat(32)}`, origins: ['https://a.example'] },
    },
  ]);
  assert.equal((await db.query(`select 1 from idempotency_keys where scope like 'mcp:%'`)).length, 0);
});
