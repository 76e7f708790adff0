/**
 * The valuation page: one that cannot value a home names it, says why and offers the ways on; one that
 * knows no home says so; every area is given in both units.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { createEstimateEngine, type EstimateEngine } from '../core/estimates/engine.js';
import { sandboxHomes } from '../sandbox/sandbox-homes.js';
import { PUNGGOL_FLAT } from '../sandbox/sparse-homes.js';
import { valuationPages } from '../surfaces/valuation-pages/valuation-page.js';

const home = PUNGGOL_FLAT;
const engine = {
  homes: { byId: new Map([[home.id, home]]) },
  estimate: (id: string, mode: string) =>
    id === home.id
      ? { problem: 'no_comparables', reason: mode === 'rent' ? 'no_data_for_mode' : 'too_few_nearby', property: home }
      : { problem: 'not_found' },
} as unknown as EstimateEngine;
const pages = valuationPages({ engine, visitorLimit: null, searches: { take: async () => 0 } });
const open = async (path: string) => (await pages(new URL(path, 'https://service.example'), '192.0.2.1'))!;

it('names the home it could not value, links its other estimate, and keeps its address in the search', async () => {
  const refused = await open(`/valuation/${home.id}?mode=rent`);
  assert.equal(refused.status, 422);
  const text = String(refused.html);
  assert.match(text, /<h1>No rent estimate for Blk 270B Punggol Field, 4-room<\/h1>/);
  assert.match(text, new RegExp(`<a href="/valuation/${home.id}\\?mode=sale">See its sale estimate</a>`));
  assert.match(text, /<input id="q" name="q" value="Blk 270B Punggol Field"/);
  assert.match(text, /This service has no rental transactions yet, so it cannot estimate rents\./, 'the real reason');
});

it('says a home is unknown, and offers the search', async () => {
  const missing = await open('/valuation/hdb-nothing-here?mode=sale');
  assert.equal(missing.status, 404);
  assert.match(String(missing.html), /<h1>No estimate<\/h1>.*Search for the home again below/s);
});

it('gives every area in both units, as the form asks in square metres and listings speak in square feet', async () => {
  const real = createEstimateEngine({ serviceUrl: 'https://service.example/', homes: await sandboxHomes() });
  const valued = real.homes.properties.find((p) => 'estimate' in real.estimate(p.id, 'sale'))!;
  const shown = await valuationPages({ engine: real, visitorLimit: null, searches: { take: async () => 0 } })(
    new URL(`/valuation/${valued.id}?mode=sale`, 'https://service.example'),
    '192.0.2.1',
  );
  const text = String(shown!.html);
  assert.equal(shown!.status, 200);
  assert.match(text, /<label for="floorAreaSqm">Floor area \(m²\)<\/label>/);
  assert.match(text, /[\d,]+ sq ft \/ \d+ m²/, 'the home’s area in both units');
  assert.match(text, /\d+ to \d+ m² \([\d,]+ sq ft to [\d,]+ sq ft\)/, 'the form’s range in both units');
  assert.match(text, /Area \(sq ft \/ m²\)/);
  assert.match(text, /S\$[\d,.]+ psf \/ S\$[\d,.]+ psm/);
});
