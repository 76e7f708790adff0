/** Comparable transactions as a real table: a caption, column headers, sortable by any column. */
import { html } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { type AreaUnit, areaUnitLabel, formatArea, formatDate, formatDistance, formatMoney, formatPricePerArea } from '../format/format.js';
import * as en from '../words/en.js';
import { sortComparables, type SortKey, type SortOrder } from './sort-comparables.js';

export function renderComparablesTable(estimate: Estimate, unit: AreaUnit, order: SortOrder, onSort: (key: SortKey) => void) {
  const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
    { key: 'date', label: en.column.date },
    { key: 'address', label: en.column.address },
    { key: 'type', label: en.column.type },
    { key: 'area', label: en.column.area(areaUnitLabel(unit)), numeric: true },
    { key: 'price', label: en.column.price(estimate.mode), numeric: true },
    { key: 'perArea', label: en.per(areaUnitLabel(unit)), numeric: true },
    { key: 'distance', label: en.column.distance, numeric: true },
  ];
  const sortState = (key: SortKey) => (order.key === key ? (order.descending ? 'descending' : 'ascending') : 'none');
  return html`<table class="comparables" part="comparables">
    <caption>
      ${en.tableCaption(estimate.comparables.length, estimate.mode)}
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
          <td>${en.propertyType[c.propertyType]} ${c.unitType}</td>
          <td class="num">${formatArea(c.floorAreaSqm, unit)}</td>
          <td class="num">${formatMoney(c.price)}</td>
          <td class="num">${formatPricePerArea(c.pricePerSqm, unit)}</td>
          <td class="num">${en.away(formatDistance(c.distanceM))}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}
