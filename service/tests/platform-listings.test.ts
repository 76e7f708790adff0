/**
 * The Platform API's listings and viewings over real HTTP, on PGlite: the sandbox agency's fixtures,
 * every operation's success, not-found, scope refusal and bad input, every move of both state
 * machines (each allowed one made, each forbidden one refused with 409 naming the allowed ones),
 * slots never double-booked, reschedules that change both viewings or neither, and each change an
 * outbox event for webhooks. Racing bookings on PostgreSQL: listing-bookings.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Body, platformSandbox } from './platform-sandbox.js';
import contract from '../../contract/platform.openapi.json' with { type: 'json' };
import {
  LISTING_TRANSITIONS,
  type StandardStatus,
  VIEWING_TRANSITIONS,
  type ViewingStatus,
} from '../core/listings/transitions.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const PARTNER = 'svcp_test_partner000000000000003'; // no listings or viewings scopes

const { call, db: database, base } = platformSandbox(AGENCY);

const SALE = { propertyId: 'hdb-560102-4-room', mode: 'sale', listPrice: 575_000 };
/** A quarter-hour slot `days` ahead, `quarter` quarter hours into 02:00 UTC. */
const slot = (days: number, quarter = 0) => {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(2, quarter * 15, 0, 0);
  return at.toISOString();
};
async function newListing(status: 'active' | 'coming_soon' = 'active') {
  const made = await call('POST', '/listings', { ...SALE, standardStatus: status });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body.id as string;
}
const outbox = async (type: string, target: string) =>
  (
    await database().query<{ payload: { detail: Body } }>(
      'select payload from outbox where type = $1 and payload->>$2 = $3 order by created_at, audit_id',
      [type, 'target', target],
    )
  ).map((r) => r.payload.detail);

describe('listings', () => {
  it("starts with the sandbox agency's twelve listings, the same on every machine, paged and filtered", async () => {
    const first = await call('GET', '/listings?limit=5');
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((l: Body) => l.id),
      ['lst_0001', 'lst_0002', 'lst_0003', 'lst_0004', 'lst_0005'],
    );
    assert.equal(first.body.hasMore, true);
    const second = await call('GET', `/listings?limit=5&cursor=${first.body.nextCursor}`);
    assert.equal(second.body.data[0].id, 'lst_0006');
    const closed = await call('GET', '/listings?standardStatus=closed');
    assert.deepEqual(
      closed.body.data.map((l: Body) => l.id),
      ['lst_0009'],
    );
    const agent = (await call('GET', '/agents/current')).body.id;
    assert.equal((await call('GET', `/listings?listAgentId=${agent}&limit=100`)).body.data.length, 12);
    assert.deepEqual((await call('GET', '/listings?listAgentId=agt_nobody')).body.data, []);
    assert.equal((await call('GET', '/listings?listAgentId=not-an-agent')).status, 400);
    const one = (await call('GET', '/listings/lst_0001')).body;
    assert.equal(one.propertyId, first.body.data[0].propertyId);
    assert.deepEqual(one.allowedTransitions, LISTING_TRANSITIONS.active);
    assert.equal(one.currency, 'SGD');
    assert.equal(one.livingAreaUnits, 'sqft');
  });

  it('makes a listing once per Idempotency-Key, announced as listing.created', async () => {
    const headers = { 'Idempotency-Key': 'listing-once' };
    const made = await call('POST', '/listings', SALE, AGENCY, headers);
    assert.equal(made.status, 201);
    assert.match(made.body.id, /^lst_[a-z0-9]+$/);
    assert.equal(made.body.unparsedAddress, 'Blk 102 Ang Mo Kio Avenue 3');
    assert.equal(made.body.standardStatus, 'active');
    const again = await call('POST', '/listings', SALE, AGENCY, headers);
    assert.equal(again.body.id, made.body.id);
    assert.deepEqual(await outbox('listing.created', made.body.id), [
      { propertyId: 'hdb-560102-4-room', mode: 'sale', listPrice: 575_000, standardStatus: 'active' },
    ]);
  });

  it('refuses bad input naming the field: 400 for what the contract forbids, 422 for what cannot be used', async () => {
    const typed = await call('POST', '/listings', { ...SALE, listPrice: 'a lot' });
    assert.equal(typed.status, 400);
    assert.equal(typed.body.errors[0].parameter, 'body.listPrice');
    const extra = await call('POST', '/listings', { ...SALE, commission: 2 });
    assert.equal(extra.status, 400);
    const unknown = await call('POST', '/listings', { ...SALE, propertyId: 'hdb-000000' });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.code, 'unprocessable');
    assert.equal(unknown.body.errors[0].parameter, 'body.propertyId');
    const status = await call('POST', '/listings', { ...SALE, standardStatus: 'closed' });
    assert.equal(status.status, 400, 'a new listing is coming soon or active');
    const empty = await call('PATCH', '/listings/lst_0001', {});
    assert.equal(empty.status, 400);
  });

  it('answers 404 for a listing that is not the organization’s, and 403 without the scope', async () => {
    assert.equal((await call('GET', '/listings/lst_9999')).status, 404);
    assert.equal((await call('PATCH', '/listings/lst_9999', { listPrice: 1 })).status, 404);
    assert.equal((await call('POST', '/listings/lst_9999/status', { standardStatus: 'active' })).status, 404);
    for (const [method, path, body] of [
      ['GET', '/listings'],
      ['POST', '/listings', SALE],
      ['GET', '/viewings'],
      ['POST', '/viewings', { listingId: 'lst_0001', startsAt: slot(3), attendee: { name: 'A' } }],
    ] as const) {
      const refused = await call(method, path, body, PARTNER);
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.equal(refused.body.code, 'insufficient_scope');
    }
  });

  it('makes every allowed status move and refuses every other with 409 naming the allowed ones', async () => {
    // From a new listing to each status, by allowed moves.
    const pathTo: Record<StandardStatus, StandardStatus[]> = {
      coming_soon: [],
      active: [],
      active_under_contract: ['active_under_contract'],
      pending: ['pending'],
      withdrawn: ['withdrawn'],
      expired: ['expired'],
      closed: ['pending', 'closed'],
      canceled: ['canceled'],
    };
    for (const [from, steps] of Object.entries(pathTo) as [StandardStatus, StandardStatus[]][])
      for (const to of Object.keys(LISTING_TRANSITIONS) as StandardStatus[]) {
        const id = await newListing(from === 'coming_soon' ? 'coming_soon' : 'active');
        for (const step of steps)
          assert.equal((await call('POST', `/listings/${id}/status`, { standardStatus: step })).status, 200);
        const moved = await call('POST', `/listings/${id}/status`, { standardStatus: to });
        if (LISTING_TRANSITIONS[from].includes(to)) {
          assert.equal(moved.status, 200, `${from} → ${to}`);
          assert.equal(moved.body.standardStatus, to);
          assert.deepEqual(await outbox('listing.status_changed', id).then((d) => d.at(-1)), { from, to });
        } else {
          assert.equal(moved.status, 409, `${from} → ${to} is refused`);
          assert.equal(moved.body.code, 'transition_not_allowed');
          assert.deepEqual(moved.body.allowedTransitions, LISTING_TRANSITIONS[from]);
        }
      }
  });

  it('changes price and remarks until the listing is closed or canceled', async () => {
    const id = await newListing();
    const changed = await call('PATCH', `/listings/${id}`, { listPrice: 568_000, publicRemarks: 'Now with a view.' });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.listPrice, 568_000);
    assert.deepEqual((await outbox('listing.updated', id))[0], {
      changed: ['listPrice', 'publicRemarks'],
      listPrice: 568_000,
    });
    await call('POST', `/listings/${id}/status`, { standardStatus: 'canceled' });
    const final = await call('PATCH', `/listings/${id}`, { listPrice: 1 });
    assert.equal(final.status, 409);
    assert.deepEqual(final.body.allowedTransitions, []);
  });
});

describe('viewings', () => {
  it('books a slot once: an overlapping request is slot_taken, the next quarter hour is free', async () => {
    const listingId = await newListing();
    const attendee = { name: 'Tan Wei Ming' };
    const made = await call('POST', '/viewings', { listingId, startsAt: slot(2), durationMinutes: 30, attendee });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    assert.equal(made.body.status, 'requested');
    assert.deepEqual(made.body.allowedTransitions, VIEWING_TRANSITIONS.requested);
    const overlapping = await call('POST', '/viewings', { listingId, startsAt: slot(2, 1), attendee });
    assert.equal(overlapping.status, 409);
    assert.equal(overlapping.body.code, 'slot_taken');
    assert.match(overlapping.body.detail, new RegExp(made.body.id));
    const next = await call('POST', '/viewings', { listingId, startsAt: slot(2, 2), attendee });
    assert.equal(next.status, 201);
    const listed = await call('GET', `/viewings?listingId=${listingId}`);
    assert.deepEqual(
      listed.body.data.map((v: Body) => v.id),
      [made.body.id, next.body.id],
    );
    assert.deepEqual(await outbox('viewing.requested', made.body.id), [{ listingId, startsAt: slot(2) }]);
  });

  it('refuses slots and listings that cannot be had, naming the field', async () => {
    const listingId = await newListing();
    const attendee = { name: 'A' };
    for (const [startsAt, words] of [
      [slot(2).replace(':00:00', ':07:00'), /quarter hour/],
      [slot(-1), /at least 1 hour from now/],
      [slot(120), /at most 90 days/],
    ] as const) {
      const refused = await call('POST', '/viewings', { listingId, startsAt, attendee });
      assert.equal(refused.status, 422, startsAt);
      assert.equal(refused.body.errors[0].parameter, 'body.startsAt');
      assert.match(refused.body.detail, words);
    }
    const unknown = await call('POST', '/viewings', { listingId: 'lst_9999', startsAt: slot(2), attendee });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.errors[0].parameter, 'body.listingId');
    const soon = await newListing('coming_soon');
    const unavailable = await call('POST', '/viewings', { listingId: soon, startsAt: slot(2), attendee });
    assert.equal(unavailable.status, 409);
    assert.equal(unavailable.body.code, 'listing_unavailable');
    const nameless = await call('POST', '/viewings', { listingId, startsAt: slot(2), attendee: { name: '' } });
    assert.equal(nameless.status, 400);
    assert.equal((await call('GET', '/viewings/vw_9999')).status, 404);
    assert.equal((await call('POST', '/viewings/vw_9999/confirm')).status, 404);
  });

  it('makes every allowed viewing move and refuses every other with 409 naming the allowed ones', async () => {
    const actions: Record<Exclude<ViewingStatus, 'requested'>, string> = {
      confirmed: 'confirm',
      declined: 'decline',
      completed: 'complete',
      no_show: 'no-show',
      cancelled: 'cancel',
    };
    const pathTo: Record<ViewingStatus, string[]> = {
      requested: [],
      confirmed: ['confirm'],
      declined: ['decline'],
      completed: ['confirm', 'complete'],
      no_show: ['confirm', 'no-show'],
      cancelled: ['cancel'],
    };
    const listingId = await newListing();
    let quarter = 0;
    for (const [from, steps] of Object.entries(pathTo) as [ViewingStatus, string[]][])
      for (const [to, action] of Object.entries(actions) as [ViewingStatus, string][]) {
        const made = await call('POST', '/viewings', {
          listingId,
          startsAt: slot(5, (quarter += 2)),
          attendee: { name: 'B' },
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        for (const step of steps) assert.equal((await call('POST', `/viewings/${made.body.id}/${step}`)).status, 200);
        const moved = await call('POST', `/viewings/${made.body.id}/${action}`);
        if (VIEWING_TRANSITIONS[from].includes(to)) {
          assert.equal(moved.status, 200, `${from} → ${to}`);
          assert.equal(moved.body.status, to);
          assert.equal((await outbox(`viewing.${to}`, made.body.id)).length, 1);
        } else {
          assert.equal(moved.status, 409, `${from} → ${to} is refused`);
          assert.deepEqual(moved.body.allowedTransitions, VIEWING_TRANSITIONS[from]);
        }
      }
  });

  it('reschedules as one step: the old viewing cancelled and linked, or nothing changed when the slot is taken', async () => {
    const listingId = await newListing();
    const attendee = { name: 'Nur Aisyah' };
    const first = (await call('POST', '/viewings', { listingId, startsAt: slot(3), attendee })).body;
    const other = (await call('POST', '/viewings', { listingId, startsAt: slot(3, 4), attendee })).body;
    const taken = await call('POST', `/viewings/${first.id}/reschedule`, { startsAt: slot(3, 4) });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.code, 'slot_taken');
    assert.equal((await call('GET', `/viewings/${first.id}`)).body.status, 'requested', 'nothing changed');
    // Its own slot, shifted by a quarter hour, overlaps only itself: allowed.
    const moved = await call('POST', `/viewings/${first.id}/reschedule`, { startsAt: slot(3, 1) });
    assert.equal(moved.status, 201, JSON.stringify(moved.body));
    assert.equal(moved.body.rescheduledFromId, first.id);
    assert.equal(moved.body.attendee.name, 'Nur Aisyah');
    const old = (await call('GET', `/viewings/${first.id}`)).body;
    assert.equal(old.status, 'cancelled');
    assert.equal(old.rescheduledToId, moved.body.id);
    assert.deepEqual(await outbox('viewing.rescheduled', first.id), [
      { listingId, startsAt: slot(3), rescheduledToId: moved.body.id },
    ]);
    await call('POST', `/viewings/${other.id}/decline`);
    const final = await call('POST', `/viewings/${other.id}/reschedule`, { startsAt: slot(4) });
    assert.equal(final.status, 409);
    assert.equal(final.body.code, 'transition_not_allowed');
  });

  it('cancels the open viewings of a listing that leaves the market', async () => {
    const listingId = await newListing();
    const open = (await call('POST', '/viewings', { listingId, startsAt: slot(6), attendee: { name: 'C' } })).body;
    await call('POST', `/listings/${listingId}/status`, { standardStatus: 'withdrawn' });
    assert.equal((await call('GET', `/viewings/${open.id}`)).body.status, 'cancelled');
    assert.equal((await outbox('viewing.cancelled', open.id))[0].reason, 'listing_off_market');
  });
});

describe('a sandbox reset', () => {
  it("puts the agency's listings and viewings back to the fixtures, once the key holds organizations.write", async () => {
    await call('POST', '/listings/lst_0001/status', { standardStatus: 'withdrawn' });
    const refused = await call('POST', '/organizations/current/sandbox-reset', undefined, PARTNER);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.requiredScope, 'organizations.write');
    const reset = await call('POST', '/organizations/current/sandbox-reset');
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.deepEqual(
      { ...reset.body, resetAt: '' },
      { object: 'sandbox_reset', listings: 12, viewings: 3, resetAt: '' },
    );
    assert.equal((await call('GET', '/listings/lst_0001')).body.standardStatus, 'active');
    assert.equal((await call('GET', '/viewings/vw_0001')).body.status, 'confirmed');
    assert.equal(
      (await call('GET', '/listings?limit=100')).body.data.length,
      12,
      'what the organization wrote is gone',
    );
    const [entry] = await database().query<{ detail: unknown }>(
      `select detail from audit_log where action = 'sandbox.reset'`,
    );
    assert.deepEqual(entry?.detail, { listings: 12, viewings: 3 });
  });
});

describe('agent analytics', () => {
  it('counts the fixtures: listings by status, viewings by the week they start in', async () => {
    assert.equal(
      (await call('POST', '/organizations/current/sandbox-reset')).status,
      200,
      'the fixtures, whatever ran before',
    );
    const answer = await call('GET', '/agents/current/analytics');
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.agentId, 'agt_tanmeiling');
    assert.deepEqual(answer.body.listingsByStatus, {
      coming_soon: 1,
      active: 6,
      active_under_contract: 1,
      pending: 1,
      withdrawn: 1,
      expired: 1,
      closed: 1,
      canceled: 0,
    });
    const zero = { requested: 0, confirmed: 0, declined: 0, completed: 0, no_show: 0, cancelled: 0 };
    assert.deepEqual(answer.body.viewingsByWeek, [
      { weekStart: '2026-11-16', ...zero, completed: 1 },
      { weekStart: '2026-11-30', ...zero, requested: 1, confirmed: 1 },
    ]);
    const other = await call('GET', '/agents/current/analytics', undefined, 'svcp_test_developer0000000000002');
    assert.equal(other.status, 404, 'a developer has no agent');
  });
});

describe('the reference for listings and viewings', () => {
  it("shows both state machines, and gives every read a curl line that works against the sandbox's fixtures", async () => {
    const page = await (await fetch(`${new URL(base()).origin}/reference/all`)).text();
    const reads = [...page.matchAll(/<code>(curl -H [^<]+)<\/code>/g)]
      .map((m) => m[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&'))
      .filter((line) => /\/(listings|viewings|analytics)/.test(line));
    // Both state machines, as the contract writes them.
    assert.match(page, /StandardStatus moves \(x-transitions\)[\s\S]*<code>closed<\/code><\/td><td>nothing: final/);
    assert.match(
      page,
      /ViewingStatus moves \(x-transitions\)[\s\S]*<code>requested<\/code><\/td><td><code>confirmed<\/code>/,
    );
    const expected = [
      '/listings',
      '/listings/{listingId}',
      '/listings/{listingId}/media',
      '/listings/{listingId}/distributions',
      '/partner-sites/current/listings',
      '/viewings',
      '/viewings/{viewingId}',
      '/agents/current/analytics',
    ];
    assert.equal(reads.length, expected.length);
    assert.ok(expected.every((path) => path in contract.paths));
    for (const line of reads) {
      const [, key, url] = /^curl -H "Authorization: Bearer (\S+)" "([^"]+)"$/.exec(line)!;
      assert.equal((await fetch(url, { headers: { Authorization: `Bearer ${key}` } })).status, 200, line);
    }
  });
});
