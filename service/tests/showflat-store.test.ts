/**
 * Racing showflat bookings: twelve requests for one slot of one project, sent at once, make one
 * booking and eleven slot_taken answers, on PGlite and on PostgreSQL (where they truly run at once).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { createShowflatStore } from '../core/inventory/showflat-store.js';

const ORG = 'org_marinaheights';
const project = ORGANIZATIONS[ORG]!.projects.find((p) => p.id === 'proj_0002');

onEachEngine('racing showflat bookings', (database) => {
  it('gives one slot to one of twelve racing requests', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const showflats = createShowflatStore(db);
    const at = new Date();
    at.setUTCDate(at.getUTCDate() + 7);
    at.setUTCHours(5, 30, 0, 0);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        showflats.book(ORG, project, {
          projectId: 'proj_0002',
          startsAt: at.toISOString(),
          visitor: { name: `R${i}` },
        }),
      ),
    );
    assert.equal(outcomes.filter((o) => 'booking' in o).length, 1);
    assert.equal(outcomes.filter((o) => 'slotTaken' in o).length, 11);
    const held = await db.query(`select 1 from showflat_bookings where starts_at = $1`, [at]);
    assert.equal(held.length, 1);
  });
});
