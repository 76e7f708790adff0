/** Migrations that move what people left waiting: nothing acknowledged is lost on the way. */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { type Database, openDatabase } from './database.js';
import { migrate } from './migrate.js';
import { SHARED_TABLES, unlistedSharedTables } from './shared-tables.js';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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

it('036 moves what an environment owns into the sandbox with every row, sequence and reference, and gives live the same tables empty', async () => {
  const fresh = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(fresh, { until: '035_email_changes.sql' });
    await fresh.query(`insert into organizations (id, name, kind) values ('org_a', 'A', 'agency')`);
    await fresh.query(
      `insert into users (id, organization_id, name, email, role) values ('usr_a', 'org_a', 'A', 'a@example.com', 'owner')`,
    );
    await fresh.query(
      `insert into widget_keys (id, organization_id, key, name) values ('wk_a', 'org_a', 'svce_test_a', 'A')`,
    );
    await fresh.query(`insert into widget_key_origins (widget_key_id, origin) values ('wk_a', 'https://a.example')`);
    await fresh.query(
      `insert into audit_log (organization_id, user_id, action, target) values ('org_a', 'usr_a', 'widget_key.created', 'wk_a'), (null, 'usr_a', 'account.signed_in', 'usr_a')`,
    );
    await migrate(fresh);

    const sandbox = fresh.in('sandbox');
    const live = fresh.in('live');
    assert.deepEqual(await sandbox.query('select origin from widget_key_origins'), [{ origin: 'https://a.example' }]);
    assert.deepEqual(await sandbox.query('select action from audit_log'), [{ action: 'widget_key.created' }]);
    assert.deepEqual(await fresh.query('select action from account_events'), [{ action: 'account.signed_in' }]);
    assert.deepEqual(await live.query('select * from widget_keys'), []);
    // Each sequence goes on where it was (the sandbox's) or starts afresh (live's), and references hold in each.
    const [{ id: next }] = await sandbox.query<{ id: string }>(
      `insert into audit_log (organization_id, action, target) values ('org_a', 'x', 'y') returning id`,
    );
    assert.ok(Number(next) >= 3, `the sandbox's audit ids go on: ${next}`);
    const [{ id: first }] = await live.query<{ id: string }>(
      `insert into audit_log (organization_id, action, target) values ('org_a', 'x', 'y') returning id`,
    );
    assert.equal(Number(first), 1);
    await assert.rejects(
      live.query(`insert into widget_key_origins (widget_key_id, origin) values ('wk_a', 'https://b.example')`),
      /foreign key/,
      "live's origins refer to live's keys only",
    );
  } finally {
    await fresh.close();
  }
});

it('holds public to the shared tables, and refuses a plain migration that would share one more, migrating nothing', async () => {
  const fresh = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(fresh);
    assert.deepEqual(await unlistedSharedTables(fresh), []);
    const shared = await fresh.query<{ name: string }>(
      `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    assert.deepEqual(
      shared.map((t) => t.name),
      Object.keys(SHARED_TABLES).sort(),
      'every listed table exists',
    );
  } finally {
    await fresh.close();
  }
  const folder = await mkdtemp(join(tmpdir(), 'migrations-'));
  const copy = pathToFileURL(`${folder}/`);
  await cp(fileURLToPath(new URL('./migrations/', import.meta.url)), folder, { recursive: true });
  await writeFile(join(folder, '999_stray.sql'), 'create table stray_things (id text primary key);\n');
  const stray = await openDatabase({ dataDir: 'memory://' });
  try {
    await assert.rejects(
      migrate(stray, { folder: copy }),
      /999_stray\.sql leaves stray_things in public.*each-environment/,
    );
    const [{ n }] = await stray.query<{ n: number }>(
      `select count(*)::int as n from pg_class where relname = 'schema_migrations'`,
    );
    assert.equal(n, 0, 'nothing migrated');
  } finally {
    await stray.close();
    await rm(folder, { recursive: true, force: true });
  }
});
