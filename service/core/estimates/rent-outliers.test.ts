import assert from 'node:assert/strict';
import { it } from 'node:test';
import { setAsideOutliers } from './rent-outliers.js';

const rent = (month: string, amount: number, town = 'BEDOK', flatType = '4 ROOM') => ({
  month,
  town,
  flatType,
  rent: amount,
});

it('sets aside a rent below half or above twice its quarter’s median, only where the quarter has five or more', () => {
  const usual = [2900, 3000, 3100, 3200, 3000].map((r) => rent('2025-02', r));
  const slip = rent('2025-03', 300); // a digit dropped
  const room = rent('2025-01', 9500);
  const thin = [rent('2025-02', 300, 'BISHAN'), rent('2025-02', 3300, 'BISHAN')];
  const nextQuarter = rent('2025-04', 6000); // its own quarter has one approval: kept
  const { kept, setAside } = setAsideOutliers([...usual, slip, room, ...thin, nextQuarter]);
  assert.deepEqual(setAside, [slip, room]);
  assert.equal(kept.length, usual.length + thin.length + 1);
});
