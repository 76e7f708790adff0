import { describe, it } from 'node:test';
import { expect } from 'chai';
import { median, medianInterval, quantile } from './statistics.js';

describe('quantile and median', () => {
  it('interpolates between neighbours and is NaN for nothing', () => {
    expect(median([3, 1, 2])).to.equal(2);
    expect(median([1, 2, 3, 4])).to.equal(2.5);
    expect(quantile([10, 20], 0.2)).to.equal(12);
    expect(Number.isNaN(median([]))).to.equal(true);
  });
});

describe('medianInterval', () => {
  it('takes the 2nd and 8th of 9 values (96% coverage), whatever their order', () => {
    expect(medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5])).to.deep.equal([2, 8]);
  });

  it('widens to the whole range when there are too few values for 95%', () => {
    expect(medianInterval([5, 1, 3, 4, 2])).to.deep.equal([1, 5]);
    expect(medianInterval([4])).to.deep.equal([4, 4]);
    expect(medianInterval([]).map(Number.isNaN)).to.deep.equal([true, true]);
  });

  it('narrows in ranks as values grow: 6th and 15th of 20, the textbook pair', () => {
    const values = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(medianInterval(values)).to.deep.equal([6, 15]);
  });

  it('covers the true median at least 95% of the time on skewed samples', () => {
    // Exponential samples (true median ln 2) from a fixed linear congruential sequence, so the test is repeatable.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) + 0.5) / 2 ** 31;
    let covered = 0;
    const trials = 2000;
    for (let t = 0; t < trials; t++) {
      const [lower, upper] = medianInterval(Array.from({ length: 9 }, () => -Math.log(random())));
      if (lower <= Math.LN2 && Math.LN2 <= upper) covered++;
    }
    expect(covered / trials, `covered ${covered} of ${trials}`).to.be.at.least(0.94);
  });
});
