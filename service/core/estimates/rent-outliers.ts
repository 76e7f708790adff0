/**
 * HDB's rents are declared by the owners who rent out, so a few are far off (a typing slip, a room let
 * as a flat, a rent to a relative). The rule: a rent is set aside when it is below half or above twice
 * the median of the same town and flat type in the same quarter, judged only where that quarter has at
 * least five approvals; anywhere thinner, every rent is kept.
 */
export interface DeclaredRent {
  /** YYYY-MM */
  month: string;
  town: string;
  flatType: string;
  rent: number;
}

export const RENT_OUTLIER_RULE = { below: 0.5, above: 2, atLeast: 5 };

const quarterOf = (month: string) => `${month.slice(0, 4)}Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

export function setAsideOutliers<T extends DeclaredRent>(rents: T[]): { kept: T[]; setAside: T[] } {
  const cells = new Map<string, number[]>();
  const cellOf = (r: DeclaredRent) => `${r.town}|${r.flatType}|${quarterOf(r.month)}`;
  for (const r of rents) {
    const cell = cells.get(cellOf(r));
    if (cell) cell.push(r.rent);
    else cells.set(cellOf(r), [r.rent]);
  }
  const medians = new Map(
    [...cells].map(([cell, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return [cell, sorted.length >= RENT_OUTLIER_RULE.atLeast ? sorted[Math.floor(sorted.length / 2)] : undefined];
    }),
  );
  const kept: T[] = [];
  const setAside: T[] = [];
  for (const r of rents) {
    const median = medians.get(cellOf(r));
    const far =
      median !== undefined && (r.rent < RENT_OUTLIER_RULE.below * median || r.rent > RENT_OUTLIER_RULE.above * median);
    (far ? setAside : kept).push(r);
  }
  return { kept, setAside };
}
