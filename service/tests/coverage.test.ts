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
    assert.ok(shareValued(coverage, 'hdb') >= 0.995, table);
    assert.ok(shareValued(coverage, 'private') >= 0.98, table);
    for (const kind of ['hdb sale', 'hdb rent', 'condo sale', 'condo rent', 'landed sale', 'landed rent'] as const)
      assert.ok(coverage[kind]?.homes > 0, `the world holds ${kind}s`);
  });
