/**
 * What a storey up is worth where an estimate comes from comparables (condos, whose URA sales name a
 * floor band): the premium learned from the data, for each property type and mode, as the change in log
 * price per m² a storey up among one home's transactions of one year (so a project's level and the
 * market's movement drop out), and each home's typical storey, at which it is valued when the visitor
 * gives none.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import type { Homes, PropertyRecord } from './homes.js';
import { median } from './statistics.js';

type Mode = components['schemas']['Mode'];
type PropertyType = PropertyRecord['propertyType'];

export interface Storeys {
  /** The premium a storey up for a property type and mode (0 where the data names too few storeys). */
  premium: (propertyType: PropertyType, mode: Mode) => number;
  /** A home's typical storey: the median of its transactions'. */
  typical: Map<string, number>;
}

/** Fewer transactions with a storey than this, and the premium is not learned (0). */
const ENOUGH = 200;

export function storeysOf(homes: Pick<Homes, 'transactions' | 'byId'>): Storeys {
  const groups = new Map<string, { storey: number; y: number }[]>();
  const ofHome = new Map<string, number[]>();
  for (const tx of homes.transactions) {
    if (tx.storey === undefined) continue;
    const type = homes.byId.get(tx.propertyId)?.propertyType;
    if (!type) continue;
    const key = `${type}|${tx.mode}|${tx.propertyId}|${tx.date.slice(0, 4)}`;
    const group = groups.get(key);
    const point = { storey: tx.storey, y: Math.log(tx.price / tx.floorAreaSqm) };
    if (group) group.push(point);
    else groups.set(key, [point]);
    const storeys = ofHome.get(tx.propertyId);
    if (storeys) storeys.push(tx.storey);
    else ofHome.set(tx.propertyId, [tx.storey]);
  }
  const sums = new Map<string, { xy: number; xx: number; n: number }>();
  for (const [key, points] of groups) {
    if (points.length < 2) continue;
    const kind = key.split('|', 2).join('|');
    const meanStorey = points.reduce((sum, p) => sum + p.storey, 0) / points.length;
    const meanY = points.reduce((sum, p) => sum + p.y, 0) / points.length;
    const of = sums.get(kind) ?? { xy: 0, xx: 0, n: 0 };
    sums.set(kind, of);
    for (const p of points) {
      of.xy += (p.storey - meanStorey) * (p.y - meanY);
      of.xx += (p.storey - meanStorey) ** 2;
      of.n++;
    }
  }
  // Kept within what a storey is worth anywhere (0 to 2 %): a thin or odd sample does not tilt every estimate.
  const premium = new Map(
    [...sums].map(([kind, { xy, xx, n }]) => [kind, n >= ENOUGH && xx > 0 ? Math.min(0.02, Math.max(0, xy / xx)) : 0]),
  );
  return {
    premium: (propertyType, mode) => premium.get(`${propertyType}|${mode}`) ?? 0,
    typical: new Map([...ofHome].map(([id, storeys]) => [id, median(storeys)])),
  };
}
