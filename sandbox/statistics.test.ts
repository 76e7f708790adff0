import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { median, medianInterval, quantile } from './statistics.js';

describe('quantile and median', () => {
  it('interpolates between neighbours and is NaN for nothing', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([1, 2, 3, 4]), 2.5);
    assert.equal(quantile([10, 20], 0.2), 12);
    assert.ok(Number.isNaN(median([])));
  });
});

describe('medianInterval', () => {
  it('takes the 2nd and 8th of 9 values (96% coverage), whatever their order', () => {
    assert.deepEqual(medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5]), [2, 8]);
  });

  it('widens to the whole range when there are too few values for 95%', () => {
    assert.deepEqual(medianInterval([5, 1, 3, 4, 2]), [1, 5]);
    assert.deepEqual(medianInterval([4]), [4, 4]);
    assert.deepEqual(medianInterval([]).map(Number.isNaN), [true, true]);
  });

  it('narrows in ranks as values grow: 6th and 15th of 20, the textbook pair', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    assert.deepEqual(medianInterval(values), [6, 15]);
  });

  it('covers the true median at least 95% of the time on skewed samples', () => {
    // Exponential samples (true median ln 2) drawn from a fixed linear congruential sequence, so the test is repeatable.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) + 0.5) / 2 ** 31;
    let covered = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const [lower, upper] = medianInterval(Array.from({ length: 9 }, () => -Math.log(random())));
      if (lower <= Math.LN2 && Math.LN2 <= upper) covered++;
    }
    assert.ok(covered / trials >= 0.94, `covered ${covered} of ${trials}`);
  });
});
