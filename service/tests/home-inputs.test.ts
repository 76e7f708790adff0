/**
 * The storey and floor area a visitor gives, on every surface: hostile values refused with the reason
 * (the same range everywhere), an area far from the home's type refused naming the range, and neither
 * counted against a key's day; on official data, an HDB sale that moves with both.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import widgetKeys from '../sandbox/widget-keys.json' with { type: 'json' };
import { createEstimateEngine } from '../core/estimates/engine.js';
import { areaRange } from '../core/estimates/parameters.js';
import { loadImportedHomes } from '../core/datasets/official/imported-homes.js';
import type { Database } from '../db/database.js';
import { importedWorld } from './imported-world.js';
import { rawMcpClient } from './mcp-raw-client.js';
import { serviceForTests } from './service-for-tests.js';

const DEMO_KEY = widgetKeys.keys[0].key;
const PLATFORM_KEY = 'svcp_test_partner000000000000003';
const ORIGIN = 'http://localhost:5173';
/** A sandbox HDB flat (4-room): an area under half or over twice its type's typical one is refused. */
const ID = 'hdb-560102-4-room';

const { db, services, urls } = serviceForTests({ origins: { widgetHost: 0, platform: 0, mcp: 0 } });
const mcp = rawMcpClient(() => `${urls().mcp}/mcp`);

async function everySurface(query: Record<string, string>, args: Record<string, unknown>) {
  const { links } = services();
  const search = new URLSearchParams({ mode: 'sale', ...query });
  const widget = await fetch(`${links.widgetHost}v1/estimates?key=${DEMO_KEY}&id=${ID}&${search}`, {
    headers: { Origin: ORIGIN },
  });
  const api = await fetch(`${links.apiBase}/valuations/properties/${ID}/estimate?${search}`, {
    headers: { Authorization: `Bearer ${PLATFORM_KEY}` },
  });
  const tool = await mcp.resultOf(await mcp.callTool('get_valuation', undefined, { propertyId: ID, ...args }));
  const page = await fetch(`${links.widgetHost}valuation/${ID}?${search}`);
  return {
    widget: { status: widget.status, body: await widget.json() },
    api: { status: api.status, body: await api.json() },
    tool,
    page: { status: page.status, text: await page.text() },
  };
}

/** Every estimate counted today, of every kind (widget keys, platform keys, MCP clients). */
const counted = async () =>
  (await db().query<{ n: number }>('select coalesce(sum(count), 0)::int as n from daily_usage'))[0]!.n;

describe('the storey and floor area of a home', () => {
  it('refuses a storey that is not a whole number from 1 to 80, on every surface, and counts nothing', async () => {
    const before = await counted();
    for (const storey of ['0', '81', '2.5', 'abc', '1e3', '-3', '12a', '٣']) {
      const answers = await everySurface(
        { storey },
        { storey: Number.isNaN(Number(storey)) ? storey : Number(storey) },
      );
      assert.equal(answers.widget.status, 400, storey);
      assert.equal(answers.widget.body.message, 'storey must be a whole number from 1 to 80.', storey);
      assert.equal(answers.api.status, 400, storey);
      assert.equal(answers.api.body.code, 'invalid_request');
      assert.equal(answers.api.body.errors[0].parameter, 'storey');
      assert.equal(answers.tool.isError, true, storey);
      assert.equal(answers.page.status, 400, storey);
      assert.match(answers.page.text, /storey must be a whole number from 1 to 80/);
    }
    assert.equal(await counted(), before, 'a refused estimate is not counted');
  });

  it('refuses an area outside half and twice the home type’s, naming the range, and counts nothing', async () => {
    // These reach the engine, inside the count: each is counted, then given back.
    const before = await counted();
    const typical = services().engine.homes.byId.get(ID)!.floorAreaSqm;
    const { min, max } = areaRange(typical);
    for (const floorAreaSqm of [20, min - 1, max + 1, 4000]) {
      const answers = await everySurface({ floorAreaSqm: String(floorAreaSqm) }, { floorAreaSqm });
      const range = `floorAreaSqm must lie within half and twice the ${typical} m² this home's type typically measures: from ${min} to ${max}.`;
      assert.deepEqual(
        [answers.widget.status, answers.api.status, answers.page.status],
        [400, 400, 400],
        String(floorAreaSqm),
      );
      assert.equal(answers.widget.body.message, range);
      assert.equal(answers.api.body.errors[0].detail, range);
      assert.equal(answers.tool.content[0].text, range);
      // The page speaks to the visitor: what the area may be.
      assert.ok(
        answers.page.text.includes(`Enter a floor area from ${min} to ${max} m² for this kind of home.`),
        answers.page.text.slice(0, 400),
      );
    }
    assert.equal(await counted(), before, 'a refused estimate is not counted');
    const below = await everySurface({ floorAreaSqm: '5' }, { floorAreaSqm: 5 });
    assert.equal(below.widget.body.message, 'floorAreaSqm must be a number from 10 to 5,000 (m²).');
    assert.equal(below.api.status, 400);
  });

  it('takes a storey and area in range, and shows them on the page’s form', async () => {
    const answers = await everySurface({ storey: '7', floorAreaSqm: '70.5' }, { storey: 7, floorAreaSqm: 70.5 });
    assert.deepEqual([answers.widget.status, answers.api.status, answers.page.status], [200, 200, 200]);
    assert.deepEqual([answers.widget.body.property.storey, answers.widget.body.property.floorAreaSqm], [7, 70.5]);
    assert.match(answers.page.text, /<input id="storey" name="storey" type="number"[^>]* value="7">/);
    assert.match(answers.page.text, /<input id="floorAreaSqm" name="floorAreaSqm"[^>]* value="70.5"/);
  });
});

describe('an HDB sale from official data, at the storey and area asked', () => {
  let db: Database | undefined;
  after(async () => {
    await db?.close();
  });

  it('rises a storey up and with a larger flat, as the model learned from the sales', async () => {
    db = await importedWorld();
    const imported = (await loadImportedHomes(db))!;
    const engine = createEstimateEngine({ serviceUrl: 'https://service.example/', ...imported });
    const flat = imported.homes.properties.find(
      (p) =>
        p.propertyType === 'hdb' &&
        imported.hdb.topStorey.get(p.id)! >= 20 &&
        'estimate' in engine.estimate(p.id, 'sale'),
    )!;
    const value = (asked: { storey?: number; floorAreaSqm?: number }) => {
      const outcome = engine.estimate(flat.id, 'sale', asked);
      assert.ok('estimate' in outcome, JSON.stringify(outcome));
      return outcome.estimate.value;
    };
    assert.ok(value({ storey: 20 }) > value({ storey: 2 }), 'a higher storey is worth more');
    assert.ok(value({ floorAreaSqm: flat.floorAreaSqm * 1.2 }) > value({}), 'a larger flat is worth more');
    assert.ok(value({ floorAreaSqm: flat.floorAreaSqm * 1.2 }) < value({}) * 1.2, 'but less than in proportion');
  });
});
