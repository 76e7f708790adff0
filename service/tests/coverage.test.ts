/**
 * The floor under coverage: of every home the sandbox's world holds, through the engine every surface
 * calls, at least 99.5 % of HDB homes and 98 % of private homes are valued, sale and rent, with
 * OneMap's places and without them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { coverageOf, coverageTable, shareValued } from '../core/estimates/coverage.js';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { sandboxWorld, sandboxWorldWithoutPlaces } from '../sandbox/sandbox-homes.js';

for (const [title, world] of [
  ['with OneMap’s places', sandboxWorld],
  ['without them', sandboxWorldWithoutPlaces],
] as const)
  it(`values at least 99.5 % of HDB homes and 98 % of private homes, ${title}`, async () => {
    const { homes, hdb } = await world();
    const coverage = coverageOf(createEstimateEngine({ serviceUrl: 'http://localhost/', homes, hdb }));
    const table = coverageTable(coverage);
    assert.ok(shareValued(coverage, 'hdb')! >= 0.995, table);
    assert.ok(shareValued(coverage, 'private')! >= 0.98, table);
    for (const kind of ['hdb sale', 'hdb rent', 'condo sale', 'condo rent', 'landed sale', 'landed rent'] as const)
      assert.ok(coverage[kind]?.homes > 0, `the world holds ${kind}s`);
  });

it('says "none loaded" for what is not loaded, and gives sale and rent apart', () => {
  const share = (homes: number, valued: number, unloaded = 0) => ({
    homes,
    valued,
    refused: unloaded ? { no_data_for_mode: unloaded } : {},
  });
  const table = coverageTable({ 'hdb sale': share(10, 10), 'hdb rent': share(10, 0, 10) } as never);
  assert.match(
    table,
    /HDB homes valued: sale 100\.0 %, rent none loaded; private homes: sale none loaded, rent none loaded\./,
  );
  const some = coverageTable({
    'hdb sale': share(4, 3),
    'hdb rent': share(4, 2, 2),
    'condo sale': share(2, 2),
  } as never);
  assert.match(some, /HDB homes valued: sale 75\.0 %, rent 50\.0 %; private homes: sale 100\.0 %, rent none loaded\./);
});
