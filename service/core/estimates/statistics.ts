/** The q-quantile of `values` (0.5: the median), interpolated between neighbours; NaN for none. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export const median = (values: number[]) => quantile(values, 0.5);

/** P(X ≤ k) for X ~ Binomial(n, ½): the chance that at most k of n values fall below the median. */
function binomialHalfAtMost(n: number, k: number): number {
  let term = 0.5 ** n;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    sum += term;
    term *= (n - i) / (i + 1);
  }
  return sum;
}

/**
 * A confidence interval for the median of `values`, free of any assumption about their
 * distribution (the sign test's order statistics): for 9 values, the 2nd and 8th smallest, which
 * hold the true median 96% of the time. With fewer than 6 values no pair reaches 95%, and the
 * interval is the whole range.
 */
export function medianInterval(values: number[], confidence = 0.95): [lower: number, upper: number] {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return [NaN, NaN];
  // Leaving m values out at each end covers the median with probability 1 − 2·P(X ≤ m).
  let outside = 0;
  while (outside + 1 < n / 2 && binomialHalfAtMost(n, outside + 1) <= (1 - confidence) / 2) outside++;
  return [sorted[outside], sorted[n - 1 - outside]];
}
