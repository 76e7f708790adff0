/**
 * `Idempotency-Key` over the service's one store, on PGlite and PostgreSQL, through a test write:
 * the first answer replayed, another request under the same key refused (422), a retry while the
 * first runs told to wait (409), a key the caller cannot use refused (400), a failure on our side
 * letting the key go, keys kept 24 hours and never shared between callers.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { Hono } from 'hono';
import { createIdempotencyStore, problemInIdempotencyKey } from '../core/idempotency/idempotency-store.js';
import type { Database } from '../db/database.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { idempotency, requestFingerprint } from '../web/idempotency.js';

onEachEngine('Idempotency-Key', (database) => {
  let db: Database;
  let now = new Date('2026-11-23T10:00:00Z');
  let made = 0;
  let gate: Promise<void> | undefined;
  let entered: (() => void) | undefined;
  let app: Hono<{ Variables: { caller: string } }>;

  before(() => {
    db = database()!;
    if (!db) return;
    app = new Hono<{ Variables: { caller: string } }>();
    app.use('*', async (c, next) => {
      c.set('caller', c.req.header('x-caller') ?? 'caller_a');
      await next();
    });
    app.use(
      '*',
      idempotency<{ Variables: { caller: string } }>({
        store: createIdempotencyStore(db, () => now),
        scopeOf: (c) => `test:${c.get('caller')}`,
        problemInKey: problemInIdempotencyKey,
        refuse: (c, code, detail) =>
          c.json({ code, detail }, code === 'invalid_request' ? 400 : code === 'idempotency_key_in_use' ? 409 : 422),
      }),
    );
    app.post('/things', async (c) => {
      entered?.();
      await gate;
      const body = await c.req.json<{ name: string; fail?: boolean }>();
      if (body.fail) return c.json({ code: 'internal_error' }, 500);
      made++;
      return c.json({ id: `thing_${made}`, name: body.name }, 201, { Location: `/things/thing_${made}` });
    });
  });

  const post = (key: string | undefined, body: unknown, caller = 'caller_a') =>
    app.request('/things', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        'Content-Type': 'application/json',
        'X-Caller': caller,
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
    });

  it('replays the first answer for the same request, and makes one thing', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const before = made;
    const first = await post('key-1', { name: 'a' });
    const again = await post('key-1', { name: 'a' });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(await again.json(), await first.json());
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.headers.get('location'), first.headers.get('location'));
    assert.equal(made, before + 1);
    await post(undefined, { name: 'a' });
    await post(undefined, { name: 'a' });
    assert.equal(made, before + 3, 'without a key, every request is its own');
  });

  it('refuses the same key with another request, and a key it cannot use', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    await post('key-2', { name: 'a' });
    const other = await post('key-2', { name: 'b' });
    assert.equal(other.status, 422);
    assert.equal(((await other.json()) as { code: string }).code, 'idempotency_key_reused');
    for (const bad of ['', 'x'.repeat(256), 'has space', 'ünïcode'])
      assert.equal((await post(bad, { name: 'a' })).status, 400, JSON.stringify(bad));
    assert.equal((await post('k'.repeat(255), { name: 'a' })).status, 201, '255 characters is allowed');
  });

  it('tells a retry to wait while the first request runs', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    // The handler runs only once the key is claimed: the retry is sent after that, not after a guess.
    const claimed = new Promise<void>((resolve) => (entered = resolve));
    const first = post('key-3', { name: 'slow' });
    try {
      await claimed;
      const retry = await post('key-3', { name: 'slow' });
      assert.equal(retry.status, 409);
      assert.equal(((await retry.json()) as { code: string }).code, 'idempotency_key_in_use');
    } finally {
      open();
      gate = entered = undefined;
    }
    assert.equal((await first).status, 201);
    assert.equal((await post('key-3', { name: 'slow' })).headers.get('idempotent-replayed'), 'true');
  });

  it('lets the key go when the first attempt failed on our side', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    assert.equal((await post('key-4', { name: 'x', fail: true })).status, 500);
    const retry = await post('key-4', { name: 'x', fail: true });
    assert.equal(retry.status, 500);
    assert.equal(retry.headers.get('idempotent-replayed'), null, 'a 5xx is not kept');
  });

  it('lets a retry take over a first attempt whose process died (still running after a minute)', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const body = JSON.stringify({ name: 'orphan' });
    const fingerprint = requestFingerprint(new Request('http://localhost/things', { method: 'POST' }), body);
    // A first attempt claimed the key, then its process was killed before it answered.
    assert.deepEqual(await createIdempotencyStore(db, () => now).begin('test:caller_a', 'key-6', fingerprint), {
      state: 'new',
    });
    assert.equal((await post('key-6', { name: 'orphan' })).status, 409, 'within the minute, it may still be running');
    now = new Date(now.getTime() + 61_000);
    assert.equal((await post('key-6', { name: 'orphan' })).status, 201, 'after it, the retry runs');
  });

  it('keeps a key 24 hours, and never shares one between callers', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    await post('key-5', { name: 'a' });
    assert.equal(
      (await post('key-5', { name: 'b' }, 'caller_b')).status,
      201,
      'another caller’s key of the same name is its own',
    );
    now = new Date(now.getTime() + 23 * 3_600_000);
    assert.equal((await post('key-5', { name: 'b' })).status, 422, 'still kept after 23 hours');
    now = new Date(now.getTime() + 2 * 3_600_000);
    assert.equal((await post('key-5', { name: 'b' })).status, 201, 'forgotten after 24 hours');
  });
});
