/**
 * Values homes from their comparables (nearby.ts), at their storey (storeys.ts), with a range whose
 * width is learned from the valuer's own errors, as the HDB model's is: the data's last month is held
 * out, each of its transactions valued from the months before at its own size and storey, and the
 * range widened (or narrowed) so that four in five of them would have fallen inside it.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import { quantile } from './statistics.js';
import { valueFromComparables, type Valuation } from './estimate.js';
import { homesOf, type Homes, type PropertyRecord } from './homes.js';
import { nearbyIndex } from './nearby.js';
import { storeysOf } from './storeys.js';

type Mode = components['schemas']['Mode'];
type Data = Pick<Homes, 'cutOff' | 'properties' | 'transactions' | 'byId'>;

/** Held-out transactions valued per mode, at most (evenly spread over the month's). */
const HELD_OUT = 400;
/** Fewer than this, and the range keeps its width as the comparables' spread gives it. */
const ENOUGH = 30;

export type ComparablesValuer = (subject: PropertyRecord, mode: Mode, storey?: number) => Valuation | undefined;

/** `valuedElsewhere`: a property type another model values (HDB flats, when HDB's files are loaded). */
export function comparablesValuer(homes: Data, valuedElsewhere?: PropertyRecord['propertyType']): ComparablesValuer {
  const scale = rangeScales(homes, valuedElsewhere);
  return uncalibrated(homes, valuedElsewhere, scale);
}

function uncalibrated(
  homes: Data,
  valuedElsewhere: PropertyRecord['propertyType'] | undefined,
  scale: Record<Mode, number> = { sale: 1, rent: 1 },
): ComparablesValuer {
  const nearby = nearbyIndex(homes);
  const ours = (propertyId: string) => homes.byId.get(propertyId)?.propertyType !== valuedElsewhere;
  const storeys = storeysOf(
    valuedElsewhere
      ? { byId: homes.byId, transactions: homes.transactions.filter((tx) => ours(tx.propertyId)) }
      : homes,
  );
  return (subject, mode, storey) => {
    const at = storey ?? storeys.typical.get(subject.id);
    const adjustment =
      at === undefined ? undefined : { premium: storeys.premium(subject.propertyType, mode), subject: at };
    return valueFromComparables(nearby(subject, mode), subject, mode, adjustment, scale[mode]);
  };
}

/** For each mode, how much wider the range must be to hold four in five of the last month's transactions. */
function rangeScales(homes: Data, valuedElsewhere?: PropertyRecord['propertyType']): Record<Mode, number> {
  const last = homes.transactions[0]?.date.slice(0, 7);
  if (!last) return { sale: 1, rent: 1 };
  const start = `${last}-01`;
  const before = homesOf(
    new Date(Date.parse(start) - 86_400_000).toISOString().slice(0, 10),
    homes.properties,
    homes.transactions.filter((tx) => tx.date < start),
  );
  const value = uncalibrated(before, valuedElsewhere);
  const scaleOf = (mode: Mode) => {
    const held = homes.transactions.filter(
      (tx) => tx.date >= start && tx.mode === mode && homes.byId.get(tx.propertyId)?.propertyType !== valuedElsewhere,
    );
    const step = Math.max(1, held.length / HELD_OUT);
    const ratios: number[] = [];
    for (let k = 0; k < held.length; k += step) {
      const tx = held[Math.floor(k)];
      const home = homes.byId.get(tx.propertyId)!;
      const valued = value({ ...home, floorAreaSqm: tx.floorAreaSqm }, mode, tx.storey);
      if (valued?.half) ratios.push(Math.abs(Math.log(tx.price / valued.value)) / valued.half);
    }
    // Kept within half and three times the spread's width: a month of a few odd sales does not set it.
    return ratios.length >= ENOUGH ? Math.min(3, Math.max(0.5, quantile(ratios, 0.8))) : 1;
  };
  return { sale: scaleOf('sale'), rent: scaleOf('rent') };
}
