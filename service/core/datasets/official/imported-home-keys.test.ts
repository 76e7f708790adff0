import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bedroomsOf, hdbUnitType, homeId, landedUnitType } from './imported-home-keys.js';

describe('a home read from the official files’ words', () => {
  it('names its kind as the catalogues do', () => {
    assert.equal(hdbUnitType('4 ROOM'), '4-room');
    assert.equal(hdbUnitType('EXECUTIVE'), 'Executive');
    assert.equal(hdbUnitType('MULTI-GENERATION'), 'Multi-generation');
    assert.equal(landedUnitType('Semi-detached House'), 'Semi-detached');
    assert.equal(landedUnitType('Strata Terrace'), 'Terrace');
    assert.equal(landedUnitType('Detached House'), 'Detached');
  });

  it('reads a condo’s bedrooms from its floor area, band by band', () => {
    assert.deepEqual([40, 55, 56, 85, 86, 120, 121, 160, 161, 300].map(bedroomsOf), [
      '1-bedroom',
      '1-bedroom',
      '2-bedroom',
      '2-bedroom',
      '3-bedroom',
      '3-bedroom',
      '4-bedroom',
      '4-bedroom',
      '5-bedroom',
      '5-bedroom',
    ]);
  });

  it('gives ids every surface takes: lower-case, digits and hyphens, at most 64', () => {
    assert.equal(homeId('hdb', '560406', '4-room'), 'hdb-560406-4-room');
    assert.equal(homeId('condo', 'The Sail @ Marina Bay', '2br'), 'condo-the-sail-marina-bay-2br');
    const long = homeId('condo', 'A'.repeat(40), 'B'.repeat(40), '3br');
    assert.ok(long.length <= 64 && /^[a-z0-9-]{1,64}$/.test(long), long);
    assert.notEqual(long, homeId('condo', 'A'.repeat(40), 'B'.repeat(40), '4br'), 'two long ids stay two');
  });
});
