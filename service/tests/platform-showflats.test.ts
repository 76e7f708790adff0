/**
 * The developer's showflats over real HTTP, on PGlite: a day's slots, booking one (and the slot then
 * taken), bad slots refused naming the field, projects that take no visitors, every move of the
 * booking's state machine, scope refusal, not-found, and a reset back to the fixtures. Racing
 * bookings on PostgreSQL: core/inventory/showflat-store.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Body, platformSandbox } from './platform-sandbox.js';
import { BOOKING_TRANSITIONS, type BookingStatus } from '../core/inventory/showflat-store.js';
import { resetSandboxData } from '../core/listings/sandbox-reset.js';
import { restoreSandboxFixtures } from '../sandbox/sandbox-data.js';
import { SHOWFLAT_FIXTURES } from '../sandbox/listings.js';

const DEVELOPER = 'svcp_test_developer0000000000002';
const AGENCY = 'svcp_test_agency00000000000000001'; // no inventory scopes
const { call, db: database, base } = platformSandbox(DEVELOPER);
/** A slot `days` ahead at `hourUtc` (02 to 09 UTC is the showflat's day), on the hour or `half` past. */
const slot = (days: number, hourUtc = 3, half = false) => {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(hourUtc, half ? 30 : 0, 0, 0);
  return at.toISOString();
};
/**
 * The first day, 3 or more days ahead, that starts four days with no fixture booking: the tests book
 * on DAY to DAY + 3, and a fixture's slot would be taken already (sfb_0001 is on 2026-12-05).
 */
const DAY = (() => {
  const fixtureDays = new Set(SHOWFLAT_FIXTURES.map((b) => b.startsAt.slice(0, 10)));
  let day = 3;
  while ([0, 1, 2, 3].some((d) => fixtureDays.has(slot(day + d).slice(0, 10)))) day++;
  return day;
})();
const OPEN = 'proj_0002'; // launched
const SOLD_OUT = 'proj_0004';
const visitor = { name: 'Lim Hui Min' };

describe('showflats', () => {
  it("lists a day's sixteen slots, and a booked one is then taken", async () => {
    const day = slot(DAY).slice(0, 10);
    const before = await call('GET', `/developers/current/projects/${OPEN}/showflat-slots?date=${day}`);
    assert.equal(before.status, 200, JSON.stringify(before.body));
    assert.equal(before.body.slots.length, 16);
    assert.equal(before.body.slots[0].startsAt, `${day}T02:00:00.000Z`);
    assert.ok(before.body.slots.every((s: Body) => s.available));
    const booked = await call('POST', '/developers/current/showflat-bookings', {
      projectId: OPEN,
      startsAt: slot(DAY, 4),
      visitor,
    });
    assert.equal(booked.status, 201, JSON.stringify(booked.body));
    assert.equal(booked.body.status, 'booked');
    assert.equal(booked.body.endsAt, new Date(new Date(slot(DAY, 4)).getTime() + 30 * 60_000).toISOString());
    const after = await call('GET', `/developers/current/projects/${OPEN}/showflat-slots?date=${day}`);
    assert.equal(after.body.slots.find((s: Body) => s.startsAt === slot(DAY, 4)).available, false);
    const again = await call('POST', '/developers/current/showflat-bookings', {
      projectId: OPEN,
      startsAt: slot(DAY, 4),
      visitor,
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'slot_taken');
    const events = await database().query(
      `select 1 from outbox where type = 'showflat.booked' and payload->>'target' = $1`,
      [booked.body.id],
    );
    assert.equal(events.length, 1);
  });

  it('refuses slots outside the day, off the half hour, past or far, naming the field; and closed projects', async () => {
    for (const [startsAt, words] of [
      [slot(DAY, 11), /between 10:00 and 17:30 Singapore time/],
      [slot(DAY, 3).replace(':00:00', ':15:00'), /hour or half hour/],
      [slot(-2), /at least 1 hour/],
      [slot(40), /at most 30 days/],
    ] as const) {
      const refused = await call('POST', '/developers/current/showflat-bookings', {
        projectId: OPEN,
        startsAt,
        visitor,
      });
      assert.equal(refused.status, 422, startsAt);
      assert.equal(refused.body.errors[0].parameter, 'body.startsAt');
      assert.match(refused.body.detail, words);
    }
    const unknown = await call('POST', '/developers/current/showflat-bookings', {
      projectId: 'proj_9999',
      startsAt: slot(DAY),
      visitor,
    });
    assert.equal(unknown.body.errors[0].parameter, 'body.projectId');
    const closed = await call('POST', '/developers/current/showflat-bookings', {
      projectId: SOLD_OUT,
      startsAt: slot(DAY),
      visitor,
    });
    assert.equal(closed.status, 409);
    assert.equal(closed.body.code, 'showflat_closed');
    assert.equal((await call('POST', '/developers/current/showflat-bookings', { projectId: OPEN })).status, 400);
  });

  it('moves a booking only as the contract allows; a cancelled one frees its slot', async () => {
    const paths: Record<BookingStatus, string[]> = {
      booked: [],
      attended: ['attended'],
      no_show: ['no-show'],
      cancelled: ['cancel'],
    };
    const actions: Record<Exclude<BookingStatus, 'booked'>, string> = {
      attended: 'attended',
      no_show: 'no-show',
      cancelled: 'cancel',
    };
    let hour = 2;
    for (const [from, steps] of Object.entries(paths) as [BookingStatus, string[]][])
      for (const [to, action] of Object.entries(actions) as [BookingStatus, string][]) {
        const startsAt = slot(DAY + 2, (hour++ % 8) + 2, hour > 8);
        const made = await call('POST', '/developers/current/showflat-bookings', {
          projectId: OPEN,
          startsAt,
          visitor,
        });
        assert.equal(made.status, 201, `${startsAt} ${JSON.stringify(made.body)}`);
        for (const step of steps)
          assert.equal(
            (await call('POST', `/developers/current/showflat-bookings/${made.body.id}/${step}`)).status,
            200,
          );
        const moved = await call('POST', `/developers/current/showflat-bookings/${made.body.id}/${action}`);
        if (BOOKING_TRANSITIONS[from].includes(to)) {
          assert.equal(moved.status, 200, `${from} → ${to}`);
          assert.equal(moved.body.status, to);
        } else {
          assert.equal(moved.status, 409, `${from} → ${to} is refused`);
          assert.deepEqual(moved.body.allowedTransitions, BOOKING_TRANSITIONS[from]);
        }
        // Free the slot for the next round whatever happened.
        await database().query(`update showflat_bookings set status = 'cancelled' where id = $1`, [made.body.id]);
      }
    const first = await call('POST', '/developers/current/showflat-bookings', {
      projectId: OPEN,
      startsAt: slot(DAY + 3),
      visitor,
    });
    await call('POST', `/developers/current/showflat-bookings/${first.body.id}/cancel`);
    const rebooked = await call('POST', '/developers/current/showflat-bookings', {
      projectId: OPEN,
      startsAt: slot(DAY + 3),
      visitor,
    });
    assert.equal(rebooked.status, 201, 'a cancelled booking frees its slot');
  });

  it('answers 404 for what is not the developer’s, 403 without the scope, and resets to the fixtures', async () => {
    assert.equal((await call('GET', '/developers/current/showflat-bookings/sfb_9999')).status, 404);
    assert.equal((await call('POST', '/developers/current/showflat-bookings/sfb_9999/cancel')).status, 404);
    assert.equal(
      (await call('GET', `/developers/current/projects/proj_9999/showflat-slots?date=2026-12-05`)).status,
      404,
    );
    const refused = await call('GET', '/developers/current/showflat-bookings', undefined, AGENCY);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.requiredScope, 'inventory.read');
    const fixture = await call('GET', '/developers/current/showflat-bookings/sfb_0001');
    assert.equal(fixture.body.projectId, 'proj_0002');
    // The developer key lacks organizations.write; the reset is the database's, tried here directly.
    await resetSandboxData(database(), restoreSandboxFixtures, 'org_marinaheights');
    const listed = await call('GET', '/developers/current/showflat-bookings?limit=100');
    assert.deepEqual(
      listed.body.data.map((b: Body) => b.id),
      ['sfb_0001'],
    );
  });

  it("gives every showflat read a curl line that works against the sandbox's fixtures", async () => {
    const page = await (await fetch(`${new URL(base()).origin}/reference/all`)).text();
    const reads = [...page.matchAll(/<code>(curl -H [^<]+)<\/code>/g)]
      .map((m) => m[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&'))
      .filter((line) => line.includes('/showflat'));
    assert.equal(reads.length, 3);
    for (const line of reads) {
      const [, key, url] = /^curl -H "Authorization: Bearer (\S+)" "([^"]+)"$/.exec(line)!;
      assert.equal((await fetch(url!, { headers: { Authorization: `Bearer ${key}` } })).status, 200, line);
    }
  });
});
