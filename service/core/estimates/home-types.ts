/**
 * The kinds of home that trade at one address: the flat types of an HDB block, the bedroom counts of a
 * condo project, the house types of a landed street. A search finds the address once, as its most
 * traded kind; the estimate lists the others so that a visitor can pick theirs.
 */
import type { Homes, PropertyRecord } from './homes.js';
import { BY_TEXT } from './search-index.js';

export interface HomeType {
  id: string;
  unitType: string;
}

export interface HomeTypes {
  /** The kinds at a home's address, in the order they read (3-room before 4-room), the home among them; undefined for a home not known. */
  of: (propertyId: string) => HomeType[] | undefined;
  /** The homes a search shows: one per address, its most traded kind. */
  shown: PropertyRecord[];
}

const addressOf = (p: PropertyRecord) => p.addressKey ?? `${p.propertyType}|${p.town}|${p.project ?? ''}|${p.address}`;

export function homeTypesOf(homes: Pick<Homes, 'properties' | 'transactions'>): HomeTypes {
  const traded = new Map<string, number>();
  for (const tx of homes.transactions) traded.set(tx.propertyId, (traded.get(tx.propertyId) ?? 0) + 1);
  const byAddress = new Map<string, PropertyRecord[]>();
  for (const property of homes.properties) {
    const key = addressOf(property);
    const group = byAddress.get(key);
    if (group) group.push(property);
    else byAddress.set(key, [property]);
  }
  const kinds = new Map<string, HomeType[]>();
  const shown: PropertyRecord[] = [];
  for (const group of byAddress.values()) {
    group.sort((a, b) => BY_TEXT.compare(a.unitType, b.unitType));
    const list = group.map(({ id, unitType }) => ({ id, unitType }));
    for (const property of group) kinds.set(property.id, list);
    // The most traded; of two alike, the first in reading order.
    shown.push(group.reduce((most, p) => ((traded.get(p.id) ?? 0) > (traded.get(most.id) ?? 0) ? p : most)));
  }
  return { of: (id) => kinds.get(id), shown };
}
