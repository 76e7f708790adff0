/**
 * The worker runner with a test worker over the outbox, on PGlite and PostgreSQL: every recorded
 * change is one event, written with its audit entry or not at all; events are handled in order, each
 * once across concurrent runners; a failure is tried again after its backoff; an event whose worker
 * died (its lease ran out) is claimed again; stopping lets the round in flight finish.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createOutbox, type OutboxEvent } from '../core/events/outbox.js';
// The outbox carries any type: these tests' own ones (test.*) are no change of the contract's.
import type { ChangeAction } from '../core/events/change-types.js';
import { recordChange } from '../core/events/record-change.js';
import { createWidgetKeyAdmin } from '../core/keys/widget-key-admin.js';
import type { Database } from '../db/database.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { outboxWorker } from '../workers/outbox-worker.js';
import { createWorkerRunner } from '../workers/runner.js';

const SITI = { userId: 'usr_siti', organizationId: 'org_lionhomes' };

/** A clock the test moves by hand. */
function manualClock(start = '2026-11-23T10:00:00Z') {
  let t = new Date(start).getTime();
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

onEachEngine('outbox and worker runner', (database) => {
  let db: Database;
  before(async () => {
    db = database()!;
    // Events already in the outbox from seeding are not this suite's.
    if (db) await db.query('update outbox set processed_at = now()');
  });

  it('writes one event per recorded change, in the same transaction as its audit entry', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    const admin = createWidgetKeyAdmin(db);
    const created = await admin.createWidgetKey(SITI, 'Outbox shop', ['https://outbox.example']);
    assert.ok('id' in created);
    await admin.updateWidgetKey(SITI, created.id, 'Outbox shop 2', [
      'https://outbox.example',
      'https://www.outbox.example',
    ]);
    await admin.rotateWidgetKey(SITI, created.id);
    const audit = await db.query<{ id: string; action: string }>(
      'select id, action from audit_log where target = $1 order by id',
      [created.id],
    );
    const events = await db.query<{ audit_id: string; type: string; payload: { target: string } | string }>(
      'select audit_id, type, payload from outbox where audit_id = any($1::bigint[]) order by audit_id',
      [audit.map((a) => a.id)],
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['widget_key.created', 'widget_key.renamed', 'widget_key.origins_added', 'widget_key.rotated'],
    );
    assert.deepEqual(
      events.map((e) => e.type),
      audit.map((a) => a.action),
      'one event per audit entry, with the same name',
    );
    assert.ok(
      events.every((e) => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload).target === created.id),
    );

    await assert.rejects(
      db.transaction(async (tx) => {
        await recordChange(tx, SITI, 'widget_key.renamed', created.id, { to: 'never' });
        throw new Error('the change failed after it was recorded');
      }),
    );
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from outbox where payload->'detail'->>'to' = 'never'`,
    );
    assert.equal(n, 0, 'a rolled-back change leaves no event');
  });

  it('hands each event to the worker once, in order, across two concurrent runners', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    await db.query('update outbox set processed_at = now() where processed_at is null');
    for (let i = 0; i < 30; i++)
      await db.transaction((tx) =>
        recordChange(tx, SITI, 'test.happened' as ChangeAction, `thing_${String(i).padStart(2, '0')}`),
      );
    const handled: string[] = [];
    const worker = () =>
      outboxWorker({
        name: 'test',
        outbox: createOutbox(db),
        batch: 4,
        handle: async (event) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          handled.push(String(event.payload.target));
        },
      });
    const runners = [
      createWorkerRunner({ workers: [worker()], idleMs: 5 }),
      createWorkerRunner({ workers: [worker()], idleMs: 5 }),
    ];
    runners.forEach((r) => r.start());
    const deadline = Date.now() + 20_000;
    while (handled.length < 30 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(runners.map((r) => r.stop()));
    assert.equal(handled.length, 30, 'every event handled');
    assert.equal(new Set(handled).size, 30, 'none handled twice');
    assert.equal(await createOutbox(db).waiting(), 0);
  });

  it('tries a failed event again after its backoff, by the injected clock', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    await db.query('update outbox set processed_at = now() where processed_at is null');
    await db.transaction((tx) => recordChange(tx, SITI, 'test.flaky' as ChangeAction, 'flaky_1'));
    const clock = manualClock(new Date(Date.now() + 60_000).toISOString());
    const attempts: number[] = [];
    const runner = createWorkerRunner({
      clock: clock.now,
      workers: [
        outboxWorker({
          name: 'flaky',
          outbox: createOutbox(db),
          clock: clock.now,
          backoffMs: () => 30_000,
          handle: async (event: OutboxEvent) => {
            attempts.push(event.attempts);
            if (event.attempts === 1) throw new Error('the receiver was down');
          },
        }),
      ],
    });
    assert.equal(await runner.runOnce(), 1);
    assert.equal(await runner.runOnce(), 0, 'not before its backoff');
    const [failed] = await db.query<{ last_error: string }>(`select last_error from outbox where type = 'test.flaky'`);
    assert.equal(failed.last_error, 'the receiver was down');
    clock.advance(30_000);
    assert.equal(await runner.runOnce(), 1);
    assert.deepEqual(attempts, [1, 2]);
    assert.equal(await createOutbox(db).waiting(), 0);
  });

  it('claims again an event whose worker died holding it, once the lease has run out', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    await db.query('update outbox set processed_at = now() where processed_at is null');
    await db.transaction((tx) => recordChange(tx, SITI, 'test.orphaned' as ChangeAction, 'orphan_1'));
    const clock = manualClock(new Date(Date.now() + 120_000).toISOString());
    const outbox = createOutbox(db);
    // A worker claims it and is killed before finishing (nothing completes or fails it).
    const [claimed] = await outbox.claim({ now: clock.now(), limit: 10, leaseMs: 30_000 });
    assert.equal(claimed.type, 'test.orphaned');
    assert.deepEqual(
      await outbox.claim({ now: clock.now(), limit: 10, leaseMs: 30_000 }),
      [],
      'held while its lease runs',
    );
    clock.advance(30_001);
    const [again] = await outbox.claim({ now: clock.now(), limit: 10, leaseMs: 30_000 });
    assert.equal(again.id, claimed.id);
    assert.equal(again.attempts, 2);
    assert.equal(await outbox.complete(claimed, clock.now()), false, 'the dead worker’s lease no longer completes it');
    assert.equal(await outbox.complete(again, clock.now()), true);
  });

  it('stops after the round in flight has finished', async (t) => {
    if (!db) return t.skip('PostgreSQL is not installed here');
    let finished = 0;
    const runner = createWorkerRunner({
      workers: [
        {
          name: 'slow',
          run: async () => {
            await new Promise((resolve) => setTimeout(resolve, 50));
            finished++;
            return 1;
          },
        },
      ],
    });
    runner.start();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await runner.stop();
    const atStop = finished;
    assert.ok(atStop >= 1, 'the round in flight finished before stop resolved');
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(finished, atStop, 'no round starts after stop');
  });
});
