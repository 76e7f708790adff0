/** Comparable transactions as a real table: a caption, column headers, sortable by any column. */
import { html } from 'lit/html.js';
import type { Comparable, Estimate } from '../api/types.js';
import { type AreaUnit, areaUnitLabel, formatArea, formatDate, formatDistance, formatMoney, formatPricePerArea } from '../format/format.js';
import { sortComparables, type SortKey, type SortOrder } from './sort-comparables.js';

export const TYPE_LABEL: Record<Comparable['propertyType'], string> = { hdb: 'HDB', condo: 'Condo', landed: 'Landed' };

export function renderComparablesTable(estimate: Estimate, unit: AreaUnit, order: SortOrder, onSort: (key: SortKey) => void) {
  const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
    { key: 'date', label: 'Date' },
    { key: 'address', label: 'Address' },
    { key: 'type', label: 'Type' },
    { key: 'area', label: `Area (${areaUnitLabel(unit)})`, numeric: true },
    { key: 'price', label: estimate.mode === 'sale' ? 'Price' : 'Rent / month', numeric: true },
    { key: 'perArea', label: `Per ${areaUnitLabel(unit)}`, numeric: true },
    { key: 'distance', label: 'Distance', numeric: true },
  ];
  const sortState = (key: SortKey) => (order.key === key ? (order.descending ? 'descending' : 'ascending') : 'none');
  return html`<table class="comparables" part="comparables">
    <caption>
      ${estimate.comparables.length} recent ${estimate.mode === 'sale' ? 'sales' : 'rentals'} used for this estimate
    </caption>
    <thead>
      <tr>
        ${columns.map(
          (column) => html`<th scope="col" class=${column.numeric ? 'num' : ''} aria-sort=${sortState(column.key)}>
            <button type="button" class="sort" @click=${() => onSort(column.key)}>
              ${column.label}<span class="sort-icon" aria-hidden="true"
                >${order.key === column.key ? (order.descending ? '▼' : '▲') : ''}</span
              >
            </button>
          </th>`,
        )}
      </tr>
    </thead>
    <tbody>
      ${sortComparables(estimate.comparables, order).map(
        (c) => html`<tr>
          <td>${formatDate(c.date)}</td>
          <td class="address">${c.address}</td>
          <td>${TYPE_LABEL[c.propertyType]} ${c.unitType}</td>
          <td class="num">${formatArea(c.floorAreaSqm, unit)}</td>
          <td class="num">${formatMoney(c.price)}</td>
          <td class="num">${formatPricePerArea(c.pricePerSqm, unit)}</td>
          <td class="num">${formatDistance(c.distanceM)} away</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}
