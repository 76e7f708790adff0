/**
 * Service operations over real HTTP on PGlite: a service order walked from request to report, every
 * move the state machine forbids refused (409) from every status, windows checked (422 naming the
 * field), bad input (400), not found (404, another agency's order and listing too), scope (403),
 * events without the provider's phone, and a reset back to the fixtures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ORDER_TRANSITIONS, type OrderStatus } from '../core/service-orders/service-order-store.js';
import { ORDER_FIXTURES } from '../sandbox/service-order-fixtures.js';
import { type Body, platformSandbox } from './platform-sandbox.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const PARTNER = 'svcp_test_partner000000000000003'; // organizations.read and valuations.read only
const { call, db } = platformSandbox(AGENCY);
const ORDERS = '/service-orders';
const HOUR = 3_600_000;
/** A quarter hour `hours` from now. */
const at = (hours: number) =>
  new Date(Math.ceil((Date.now() + hours * HOUR) / (15 * 60_000)) * 15 * 60_000).toISOString();
const provider = { name: 'Tan Brothers Aircon', phone: '+65 9123 4567' };
const fieldOf = (answer: { body: Body }) => answer.body.errors?.[0]?.parameter;
const MOVES: Record<Exclude<OrderStatus, 'requested'>, { path: string; body?: object }> = {
  scheduled: { path: 'schedule', body: { provider, startsAt: at(48), endsAt: at(50) } },
  in_progress: { path: 'start' },
  completed: { path: 'complete', body: { report: 'Serviced two units.' } },
  cancelled: { path: 'cancel', body: { reason: 'The owner will arrange it.' } },
};
const move = (id: string, to: keyof typeof MOVES, body = MOVES[to].body, key = AGENCY) =>
  call('POST', `${ORDERS}/${id}/${MOVES[to].path}`, body, key);
const request = async (body: object = { listingId: 'lst_0003', kind: 'repair', notes: 'Aircon leaks.' }) => {
  const answer = await call('POST', ORDERS, body);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
};

describe('service orders', () => {
  it('walks an order from request to report, each move recorded and announced without the provider’s phone', async () => {
    const order = await request();
    assert.deepEqual(
      [order.status, order.allowedTransitions, order.provider],
      ['requested', ['scheduled', 'cancelled'], null],
    );
    const scheduled = await move(order.id, 'scheduled');
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    assert.deepEqual(scheduled.body.provider, provider);
    // Scheduling again moves the window.
    const moved = await move(order.id, 'scheduled', { provider, startsAt: at(72), endsAt: at(73) });
    assert.equal(moved.body.startsAt, at(72));
    assert.equal((await move(order.id, 'in_progress')).body.status, 'in_progress');
    const done = await move(order.id, 'completed');
    assert.deepEqual(
      [done.body.status, done.body.report, done.body.allowedTransitions],
      ['completed', 'Serviced two units.', []],
    );
    assert.ok(done.body.completedAt);
    assert.deepEqual((await call('GET', `${ORDERS}/${order.id}`)).body, done.body);

    const events = await db().query<{ type: string; payload: string }>(
      `select type, payload::text as payload from outbox where payload->>'target' = $1`,
      [order.id],
    );
    assert.deepEqual(
      events.map((e) => e.type).sort(),
      ['requested', 'scheduled', 'scheduled', 'started', 'completed'].map((e) => `service_order.${e}`).sort(),
    );
    for (const e of events) assert.ok(!e.payload.includes(provider.phone), e.payload);
    const started = JSON.parse(events.find((e) => e.type === 'service_order.started')!.payload);
    assert.deepEqual(started.detail, {
      listingId: 'lst_0003',
      kind: 'repair',
      status: 'in_progress',
      from: 'scheduled',
    });
  });

  it('refuses every move the state machine forbids, from every status, naming the allowed ones', async () => {
    const byStatus = new Map<OrderStatus, string>(ORDER_FIXTURES.map((o) => [o.status, o.id]));
    const cancelled = await request();
    assert.equal((await move(cancelled.id, 'cancelled')).body.status, 'cancelled');
    byStatus.set('cancelled', cancelled.id);
    assert.equal(byStatus.size, Object.keys(ORDER_TRANSITIONS).length);
    let refusals = 0;
    for (const [from, id] of byStatus) {
      for (const to of Object.keys(MOVES) as (keyof typeof MOVES)[]) {
        if (ORDER_TRANSITIONS[from].includes(to)) continue;
        const answer = await move(id, to);
        assert.equal(answer.status, 409, `${from} → ${to}`);
        assert.equal(answer.body.code, 'transition_not_allowed');
        assert.deepEqual(answer.body.allowedTransitions, ORDER_TRANSITIONS[from]);
        refusals++;
      }
      assert.equal((await call('GET', `${ORDERS}/${id}`)).body.status, from);
    }
    assert.equal(refusals, 5 * 4 - Object.values(ORDER_TRANSITIONS).flat().length);
  });

  it('checks a window as a provider’s calendar would (422 naming the field)', async () => {
    const order = await request();
    const cases: [object, string, RegExp][] = [
      [
        { startsAt: new Date(Date.now() + 48 * HOUR + 7 * 60_000).toISOString(), endsAt: at(50) },
        'body.startsAt',
        /quarter hour/,
      ],
      [{ startsAt: at(0.25), endsAt: at(2) }, 'body.startsAt', /at least 1 hour/],
      [{ startsAt: at(24 * 91), endsAt: at(24 * 91 + 1) }, 'body.startsAt', /at most 90 days/],
      [{ startsAt: at(48), endsAt: at(48) }, 'body.endsAt', /after startsAt/],
      [{ startsAt: at(48), endsAt: at(61) }, 'body.endsAt', /12 hours/],
    ];
    cases.push(
      [{ startsAt: 'soon', endsAt: at(50) }, 'body.startsAt', /date and time with its offset/],
      [{ startsAt: at(48).replace('Z', ''), endsAt: at(50) }, 'body.startsAt', /with its offset/],
      [{ startsAt: at(48), endsAt: '2026-13-45T99:00:00Z' }, 'body.endsAt', /date and time/],
    );
    for (const [window, field, detail] of cases) {
      const answer = await move(order.id, 'scheduled', { provider, ...window });
      assert.equal(answer.status, 422, JSON.stringify(window));
      assert.equal(fieldOf(answer), field);
      assert.match(answer.body.detail, detail);
    }
    assert.equal((await call('GET', `${ORDERS}/${order.id}`)).body.status, 'requested');
  });

  it('refuses what the contract forbids (400), not found (404), another agency’s listing (422), and a key without the scope (403)', async () => {
    for (const bad of [
      {},
      { listingId: 'lst_0001', kind: 'levitation' },
      { listingId: 'lst_0001', kind: 'repair', notes: '' },
      { listingId: 'lst_0001', kind: 'repair', extra: 1 },
      { listingId: 'listing-1', kind: 'repair' },
    ]) {
      const answer = await call('POST', ORDERS, bad);
      assert.equal(answer.status, 400, JSON.stringify(bad));
    }
    assert.equal(
      (
        await move('svo_0001', 'scheduled', {
          provider: { name: 'X', phone: 'call me' },
          startsAt: at(48),
          endsAt: at(49),
        })
      ).status,
      400,
    );
    assert.equal((await move('svo_0003', 'completed', { report: '' })).status, 400);
    const blank = await move('svo_0003', 'completed', { report: '   ' });
    assert.equal(blank.status, 422);
    assert.equal(fieldOf(blank), 'body.report');

    // Another organization's key holding the scopes reads, moves and orders for none of this agency's: a
    // developer holds no service operations.
    const [{ id: otherKey }] = await db().query<{ id: string }>(`select id from platform_keys where last4 = '0002'`);
    await db().query(
      `update platform_keys set scopes = scopes || '{service_orders.read,service_orders.write}' where id = $1`,
      [otherKey],
    );
    const DEVELOPER = 'svcp_test_developer0000000000002';
    assert.equal((await call('GET', `${ORDERS}/svo_0001`, undefined, DEVELOPER)).body.code, 'product_not_held');
    assert.equal((await call('GET', ORDERS, undefined, DEVELOPER)).body.code, 'product_not_held');
    assert.equal((await move('svo_0002', 'in_progress', undefined, DEVELOPER)).status, 403);
    const foreignListing = await call('POST', ORDERS, { listingId: 'lst_0001', kind: 'repair' }, DEVELOPER);
    assert.deepEqual([foreignListing.status, foreignListing.body.code], [403, 'product_not_held']);

    const notOurs = await call('POST', ORDERS, { listingId: 'lst_nothere', kind: 'repair' });
    assert.equal(notOurs.status, 422);
    assert.equal(fieldOf(notOurs), 'body.listingId');
    const missing = await call('GET', `${ORDERS}/svo_nothere`);
    assert.equal(missing.status, 404);
    assert.match(missing.body.detail, /No service order svo_nothere/);
    assert.equal((await move('svo_nothere', 'in_progress')).status, 404);

    for (const [method, path, scope] of [
      ['GET', ORDERS, 'service_orders.read'],
      ['GET', `${ORDERS}/svo_0001`, 'service_orders.read'],
      ['POST', `${ORDERS}/svo_0002/start`, 'service_orders.write'],
    ] as const) {
      const answer = await call(method, path, method === 'POST' ? {} : undefined, PARTNER);
      assert.equal(answer.status, 403);
      assert.equal(answer.body.requiredScope, scope);
    }
  });

  it('lists a listing’s orders and a status’s, and a reset puts the fixtures back', async () => {
    const ofListing = await call('GET', `${ORDERS}?listingId=lst_0002`);
    assert.ok(ofListing.body.data.length >= 2 && ofListing.body.data.every((o: Body) => o.listingId === 'lst_0002'));
    const scheduled = await call('GET', `${ORDERS}?status=scheduled`);
    assert.ok(scheduled.body.data.every((o: Body) => o.status === 'scheduled'));
    await request();
    assert.equal((await call('POST', '/organizations/current/sandbox-reset')).status, 200);
    const after = await call('GET', `${ORDERS}?limit=100`);
    assert.deepEqual(
      after.body.data.map((o: Body) => [o.id, o.status]),
      ORDER_FIXTURES.map((o) => [o.id, o.status]),
    );
  });
});
