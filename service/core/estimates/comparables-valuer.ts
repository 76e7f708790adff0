/**
 * Values homes from their comparables (nearby.ts), at their storey (storeys.ts), with a range whose
 * width is learned from the valuer's own errors, as the HDB model's is: the data's last month is held
 * out, each of its transactions valued from the months before at its own size and storey, and the
 * range widened (or narrowed) so that four in five of them would have fallen inside it.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import { quantile } from './statistics.js';
import { COMPARABLES, valueFromComparables } from './comparables.js';
import type { Valuation } from './estimate.js';
import { homesOf, type Homes, type PropertyRecord } from './homes.js';
import { hasPlace, nearbyIndex, type Reach, usualReach } from './nearby.js';
import { storeysOf } from './storeys.js';

type Mode = components['schemas']['Mode'];
type Data = Pick<Homes, 'cutOff' | 'properties' | 'transactions' | 'byId'>;

/** Held-out transactions valued per mode, at most (evenly spread over the month's). */
const HELD_OUT = 400;
/** Fewer than this, and the range keeps its width as the comparables' spread gives it. */
const ENOUGH = 30;

export type ComparablesValuer = (subject: PropertyRecord, mode: Mode, storey?: number) => Valuation | undefined;

/** How much wider the range is made, for a home valued at the storey and size asked, or at its typical ones. */
type Scales = Record<Mode, { asked: number; typical: number }>;
const UNSCALED: Scales = { sale: { asked: 1, typical: 1 }, rent: { asked: 1, typical: 1 } };

/** `valuedElsewhere`: a property type another model values (HDB flats, when HDB's files are loaded). */
export function comparablesValuer(homes: Data, valuedElsewhere?: PropertyRecord['propertyType']): ComparablesValuer {
  return uncalibrated(homes, valuedElsewhere, rangeScales(homes, valuedElsewhere));
}

function uncalibrated(
  homes: Data,
  valuedElsewhere: PropertyRecord['propertyType'] | undefined,
  scales: Scales = UNSCALED,
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
    // A visitor who gives no storey is told where homes of this type sell, whatever their floor: a wider range.
    const scale = scales[mode][storey === undefined ? 'typical' : 'asked'];
    const usual = usualReach(subject, mode);
    for (const reach of hasPlace(subject) ? wider(usual) : withinItsProject(usual)) {
      const neighbourhood = nearby(subject, mode, reach);
      if (neighbourhood.best.length < COMPARABLES.min) continue;
      const valued = valueFromComparables(neighbourhood, subject, mode, adjustment, scale);
      if (!valued) continue;
      const district = reach.radiusM === Infinity && !reach.within;
      return {
        ...valued,
        comparables: district
          ? valued.comparables.map((c) => (c.near === 'nearby' ? { ...c, near: 'same_district' as const } : c))
          : valued.comparables,
        basis: basisOf(subject, mode, reach, usual),
      };
    }
    return undefined;
  };
}

/**
 * The reaches tried in turn, until one holds five comparables: the usual; a radius 1.6 times as wide
 * (8 km for a private home); that radius over 36 months; then the whole postal district (an HDB flat's
 * town) over 36 months. A sparse market's condo has no neighbour in 5 km; a landed street sells once a year.
 */
const wider = (usual: Reach): Reach[] => [
  usual,
  { ...usual, radiusM: usual.radiusM * 1.6 },
  { radiusM: usual.radiusM * 1.6, windowMonths: WIDEST_MONTHS },
  { radiusM: Infinity, windowMonths: WIDEST_MONTHS },
];
const WIDEST_MONTHS = 36;

/**
 * For a home without a place (URA's downloaded files give none): its project's transactions, over the
 * usual months and then 36; its street's; then its postal district's.
 */
const withinItsProject = (usual: Reach): Reach[] => [
  { radiusM: Infinity, windowMonths: usual.windowMonths, within: 'project' },
  { radiusM: Infinity, windowMonths: usual.windowMonths, within: 'project', anyBand: true },
  { radiusM: Infinity, windowMonths: WIDEST_MONTHS, within: 'project', anyBand: true },
  { radiusM: Infinity, windowMonths: WIDEST_MONTHS, within: 'street' },
  { radiusM: Infinity, windowMonths: WIDEST_MONTHS },
];

function basisOf(subject: PropertyRecord, mode: Mode, reach: Reach, usual: Reach): NonNullable<Valuation['basis']> {
  const what = mode === 'sale' ? 'sales' : 'rents';
  const months = reach.windowMonths;
  if (reach.within) {
    const widened = reach.within !== 'project' || months !== usual.windowMonths || reach.anyBand === true;
    const whose = reach.within === 'project' ? "its project's" : "its street's";
    return { scope: reach.within, months, widened, text: `From ${whose} ${what} of the last ${months} months` };
  }
  const widened = reach.radiusM !== usual.radiusM || months !== usual.windowMonths;
  if (reach.radiusM === Infinity) {
    const hdb = subject.propertyType === 'hdb';
    return {
      scope: hdb ? 'town' : 'district',
      months,
      widened,
      text: `From ${hdb ? "the town's" : "the district's"} ${what} of the last ${months} months`,
    };
  }
  const km = Number((reach.radiusM / 1000).toFixed(1));
  return {
    scope: 'nearby',
    radiusM: reach.radiusM,
    months,
    widened,
    text: `From ${what} within ${km} km over the last ${months} months`,
  };
}

/**
 * For each mode, how much wider the range must be to hold four in five of the last month's
 * transactions: valued at their own storey and size, and at their home's typical ones.
 */
function rangeScales(homes: Data, valuedElsewhere?: PropertyRecord['propertyType']): Scales {
  const ours = homes.transactions.filter((tx) => homes.byId.get(tx.propertyId)?.propertyType !== valuedElsewhere);
  const last = ours[0]?.date.slice(0, 7);
  // A visitor's home is not a developer's new unit: the range is learned on resales and sub sales.
  const resold = (tx: Homes['transactions'][number]) => tx.saleType !== 'new_sale';
  if (!last) return UNSCALED;
  const start = `${last}-01`;
  const held = (mode: Mode) => ours.filter((tx) => tx.date >= start && tx.mode === mode && resold(tx));
  const heldOut = { sale: held('sale'), rent: held('rent') };
  // Too few to learn from: no second index is built (a deployment of HDB's files alone has none).
  if (heldOut.sale.length < ENOUGH && heldOut.rent.length < ENOUGH) return UNSCALED;
  const before = homesOf(
    new Date(Date.parse(start) - 86_400_000).toISOString().slice(0, 10),
    homes.properties,
    ours.filter((tx) => tx.date < start),
  );
  const value = uncalibrated(before, valuedElsewhere);
  const scaleOf = (mode: Mode, typical: boolean) => {
    const transactions = heldOut[mode];
    const step = Math.max(1, transactions.length / HELD_OUT);
    const ratios: number[] = [];
    for (let k = 0; k < transactions.length; k += step) {
      const tx = transactions[Math.floor(k)];
      const home = homes.byId.get(tx.propertyId)!;
      const valued = typical ? value(home, mode) : value({ ...home, floorAreaSqm: tx.floorAreaSqm }, mode, tx.storey);
      if (!valued?.half) continue;
      const perSqm = (price: number, area: number) => price / area;
      // At the typical size, the price per m² is what is compared: the home's size is not the sale's.
      const error = typical
        ? Math.log(perSqm(tx.price, tx.floorAreaSqm) / perSqm(valued.value, home.floorAreaSqm))
        : Math.log(tx.price / valued.value);
      ratios.push(Math.abs(error) / valued.half);
    }
    // Kept within half and three times the spread's width: a month of a few odd sales does not set it.
    return ratios.length >= ENOUGH ? Math.min(3, Math.max(0.5, quantile(ratios, 0.8))) : 1;
  };
  return {
    sale: { asked: scaleOf('sale', false), typical: scaleOf('sale', true) },
    rent: { asked: scaleOf('rent', false), typical: scaleOf('rent', true) },
  };
}
