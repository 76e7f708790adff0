/**
 * Singapore's day where the service counts days, at fixed instants given to the part's clock: 23:30
 * in Singapore on the last day of a month (UTC's day is the same) and 00:30 the next morning (UTC's
 * day is still the month's last): a price list may start on Singapore's today and not on its
 * yesterday, and which version is in effect turns at Singapore's midnight, not UTC's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addDays, singaporeDay } from '../core/calendar/singapore-day.js';
import { createPriceListStore } from '../core/inventory/price-list-store.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { ORGANIZATIONS } from '../sandbox/organizations.js';
import { seed } from '../sandbox/seed.js';

const ORG = 'org_marinaheights';
const project = ORGANIZATIONS[ORG]!.projects.find((p) => p.id === 'proj_0005')!;
const LAST_EVENING = new Date('2027-01-31T15:30:00Z'); // 23:30 on 31 January in Singapore
const FIRST_MORNING = new Date('2027-01-31T16:30:00Z'); // 00:30 on 1 February in Singapore
const prices = [{ unitType: '2-bedroom', priceFrom: 1_250_000 }];

describe("Singapore's day, at fixed instants", () => {
  let db: Database;
  before(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seed(db);
  });
  after(() => db.close());

  it('reads the day and the days after it across a month and a year', () => {
    assert.equal(singaporeDay(LAST_EVENING), '2027-01-31');
    assert.equal(singaporeDay(FIRST_MORNING), '2027-02-01');
    assert.equal(FIRST_MORNING.toISOString().slice(0, 10), '2027-01-31', "UTC's day has not turned yet");
    assert.equal(addDays('2027-01-31', 1), '2027-02-01');
    assert.equal(addDays('2028-02-28', 1), '2028-02-29');
    assert.equal(addDays('2026-12-31', 1), '2027-01-01');
  });

  it("takes a price list from Singapore's today, refuses its yesterday, and turns versions at its midnight", async () => {
    let now = LAST_EVENING;
    const priceLists = createPriceListStore(db, () => now);
    const evening = await priceLists.publish(ORG, project, { effectiveFrom: '2027-01-31', prices });
    assert.ok('priceList' in evening, JSON.stringify(evening));
    assert.equal(evening.priceList.inEffect, true);
    const early = await priceLists.publish(ORG, project, { effectiveFrom: '2027-01-30', prices });
    assert.deepEqual('errors' in early && early.errors.map((e) => e.detail), [
      'must be today (2027-01-31, Singapore) or later',
    ]);

    const next = await priceLists.publish(ORG, project, { effectiveFrom: '2027-02-01', prices });
    assert.ok('priceList' in next, JSON.stringify(next));
    assert.deepEqual(
      (await priceLists.list(ORG, project)).map((p) => [p.effectiveFrom, p.inEffect]),
      [
        ['2027-01-31', true],
        ['2027-02-01', false],
      ],
    );

    now = FIRST_MORNING;
    assert.deepEqual(
      (await priceLists.list(ORG, project)).map((p) => [p.effectiveFrom, p.inEffect]),
      [
        ['2027-01-31', false],
        ['2027-02-01', true],
      ],
    );
    const yesterday = await priceLists.publish(ORG, project, { effectiveFrom: '2027-01-31', prices });
    assert.deepEqual('errors' in yesterday && yesterday.errors.map((e) => e.detail), [
      'must be today (2027-02-01, Singapore) or later',
    ]);
  });
});
