/**
 * Racing bookings: twelve requests for one slot of one listing, sent at once over the pool's
 * connections, make one viewing and eleven slot_taken answers, on PGlite and on PostgreSQL (where
 * they truly run at once); so do reschedules racing into one slot. A withdrawal racing a viewing's
 * request and confirmation never leaves a viewing holding a slot on the withdrawn listing.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { sandboxEngineData } from '../sandbox/sandbox-homes.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { createListingStore } from '../core/listings/listing-store.js';
import { createViewingStore } from '../core/listings/viewing-store.js';
import { HOLDS_SLOT } from '../core/listings/transitions.js';

const ORG = 'org_lionrealty';
const engine = createEstimateEngine({ serviceUrl: 'http://127.0.0.1/', ...(await sandboxEngineData()) });
const slotAt = (days: number, hour: number) => {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

onEachEngine('racing viewing bookings', (database) => {
  it('gives one slot to one of twelve racing requests', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const listings = createListingStore(db, engine.homes.byId);
    const viewings = createViewingStore(db);
    const made = await listings.create(ORG, 'agt_tanmeiling', {
      propertyId: 'hdb-560102-4-room',
      mode: 'sale',
      listPrice: 1,
    });
    assert.ok('listing' in made);
    const startsAt = slotAt(3, 4);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        viewings.request(ORG, { listingId: made.listing.id, startsAt, attendee: { name: `Racer ${i}` } }),
      ),
    );
    assert.equal(outcomes.filter((o) => 'viewing' in o).length, 1);
    assert.equal(outcomes.filter((o) => 'slotTaken' in o).length, 11);
    const held = await db.query('select 1 from viewings where listing_id = $1', [made.listing.id]);
    assert.equal(held.length, 1);
  });

  it('lets one of two reschedules racing into one slot have it; the other viewing stands', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const listings = createListingStore(db, engine.homes.byId);
    const viewings = createViewingStore(db);
    const made = await listings.create(ORG, 'agt_tanmeiling', {
      propertyId: 'hdb-560102-4-room',
      mode: 'rent',
      listPrice: 1,
    });
    assert.ok('listing' in made);
    const book = async (hour: number) => {
      const outcome = await viewings.request(ORG, {
        listingId: made.listing.id,
        startsAt: slotAt(4, hour),
        attendee: { name: 'R' },
      });
      assert.ok('viewing' in outcome);
      return outcome.viewing.id;
    };
    const [a, b] = [await book(2), await book(3)];
    const target = { startsAt: slotAt(4, 6) };
    const outcomes = await Promise.all([viewings.reschedule(ORG, a, target), viewings.reschedule(ORG, b, target)]);
    assert.equal(outcomes.filter((o) => o && 'viewing' in o).length, 1);
    const statuses = await db.query<{ status: string }>(
      'select status from viewings where listing_id = $1 order by status',
      [made.listing.id],
    );
    assert.deepEqual(
      statuses.map((s) => s.status),
      ['cancelled', 'requested', 'requested'],
    );
  });

  it('never lets a withdrawal and a viewing both win, over 15 racing rounds', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const listings = createListingStore(db, engine.homes.byId);
    const viewings = createViewingStore(db);
    for (let round = 0; round < 15; round++) {
      const made = await listings.create(ORG, 'agt_tanmeiling', {
        propertyId: 'hdb-560102-4-room',
        mode: 'sale',
        listPrice: 1,
      });
      assert.ok('listing' in made);
      const id = made.listing.id;
      const viewer = (async () => {
        const requested = await viewings.request(ORG, {
          listingId: id,
          startsAt: slotAt(5, 3 + (round % 6)),
          attendee: { name: `Round ${round}` },
        });
        return 'viewing' in requested ? viewings.move(ORG, requested.viewing.id, 'confirmed') : requested;
      })();
      const [withdrawn] = await Promise.all([listings.changeStatus(ORG, id, 'withdrawn'), viewer]);
      assert.ok(withdrawn && 'listing' in withdrawn, `round ${round}: withdrawn`);
      const holding: { status: string }[] = await db.query(
        'select status from viewings where listing_id = $1 and status = any($2)',
        [id, HOLDS_SLOT],
      );
      assert.deepEqual(holding, [], `round ${round}: no viewing holds a slot on a withdrawn listing`);
    }
  });
});
