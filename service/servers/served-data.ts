/**
 * What the start banner says of the data served: how many homes and transactions, from which month to
 * which, and whether they are the sandbox's generated world or an operator's imported files; and a
 * valuation page that exists in them (the sandbox's demo block where it is there, else the home most
 * traded).
 */
import type { Homes } from '../core/estimates/homes.js';

const DEMO_HOME = 'hdb-560102-4-room';
const count = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

export function servedData(homes: Homes) {
  // The official files name their datasets; the sandbox's generated world names none.
  const generated = homes.sources.length === 0;
  const months = homes.transactions.map((t) => t.date.slice(0, 7));
  const first = months.reduce((a, b) => (b < a ? b : a), months[0] ?? '');
  const traded = new Map<string, number>();
  for (const t of homes.transactions) traded.set(t.propertyId, (traded.get(t.propertyId) ?? 0) + 1);
  const busiest = [...traded].sort((a, b) => b[1] - a[1])[0]?.[0];
  const example = homes.byId.has(DEMO_HOME) ? DEMO_HOME : busiest;
  return {
    line:
      `${count(homes.properties.length, 'home')}, ${count(homes.transactions.length, 'transaction')}` +
      `${first ? ` from ${first} to ${homes.cutOff.slice(0, 7)}` : ''} ` +
      (generated ? "(the sandbox's generated world, not real figures)" : '(official files imported)'),
    generated,
    valuationPath: example ? `valuation/${encodeURIComponent(example)}?mode=sale` : 'valuation/',
  };
}
