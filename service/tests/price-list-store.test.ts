/**
 * Racing price list publications: eight publications of one project's next version, sent at once,
 * get consecutive version numbers and never an error, on PGlite and on PostgreSQL (where they truly
 * run at once); a day not after the version that won before it is refused, not numbered twice.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { onEachEngine } from '../sandbox/test-engines.js';
import { createPriceListStore } from '../core/inventory/price-list-store.js';
import { singaporeDay as singaporeDate } from '../core/calendar/singapore-day.js';

const ORG = 'org_marinaheights';
const project = ORGANIZATIONS[ORG]!.projects.find((p) => p.id === 'proj_0005')!;

onEachEngine('racing price list publications', (database) => {
  it('numbers eight racing versions 1 to n with no gap and no duplicate', async (t) => {
    const db = database();
    if (!db) return t.skip('PostgreSQL is not installed');
    const priceLists = createPriceListStore(db);
    const day = (n: number) => singaporeDate(new Date(Date.now() + n * 86_400_000));
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        priceLists.publish(ORG, project, {
          effectiveFrom: day(10 + i),
          prices: [{ unitType: '2-bedroom', priceFrom: 1_000_000 + i }],
        }),
      ),
    );
    const published = outcomes.flatMap((o) => ('priceList' in o ? [o.priceList] : []));
    const refused = outcomes.flatMap((o) => ('errors' in o ? o.errors : []));
    assert.ok(published.length >= 1);
    assert.equal(published.length + refused.length, 8);
    assert.ok(refused.every((e) => e.parameter === 'body.effectiveFrom' && /must be after/.test(e.detail)));
    const versions = (await priceLists.list(ORG, project)).map((p) => p.version);
    assert.deepEqual(
      versions,
      Array.from({ length: published.length }, (_, i) => i + 1),
    );
    const days = (await priceLists.list(ORG, project)).map((p) => p.effectiveFrom);
    assert.deepEqual(days, [...days].sort(), 'each version starts after the one before');
  });
});
