/**
 * Comparable transactions as a real table: a caption, column headers, one "Sort by" control, and
 * the first five rows until the visitor asks for the rest.
 */
import { html, nothing } from 'lit/html.js';
import type { Estimate } from '../api/types.js';
import { type AreaUnit, formatMoney } from '../format/format.js';
import { distanceAway } from '../words/distance.js';
import { formatArea, formatPricePerArea, unitTypeName, words } from '../words/words.js';
import { renderChoice } from './choice.js';
import { SORT_CHOICES, type SortChoice, sortComparables } from './sort-comparables.js';

export const FIRST_ROWS = 5;

export interface ComparablesView {
  unit: AreaUnit;
  sort: SortChoice;
  showAll: boolean;
  handleSort(choice: SortChoice): void;
  handleShowAll(): void;
}

export function renderComparablesTable(estimate: Estimate, view: ComparablesView) {
  const { unit, sort } = view;
  const { comparables, mode } = estimate;
  // Numeric columns end-aligned; the sorted one is named by the control above, not by its header.
  const columns: [string, boolean?][] = [
    [words.column.date],
    [words.column.address],
    [words.column.type],
    [words.column.area(words.unit[unit]), true],
    [words.column.price(mode), true],
    [words.per(words.unit[unit]), true],
    [words.column.distance, true],
  ];
  const rows = sortComparables(comparables, sort);
  const order = Object.keys(SORT_CHOICES).map((choice): [string, string] => [
    choice,
    words.sortChoice(choice as SortChoice, mode, words.perUnit[unit]),
  ]);
  return html`${renderChoice(words.sortBy, order, sort, (choice) => view.handleSort(choice as SortChoice))}
    <div class="table-wrap">
      <table class="comparables" part="comparables">
        <caption>
          ${words.tableCaption(comparables.length, mode)}
        </caption>
        <thead>
          <tr>
            ${columns.map(([label, numeric]) => html`<th scope="col" class=${numeric ? 'num' : ''}>${label}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${(view.showAll ? rows : rows.slice(0, FIRST_ROWS)).map(
            (c) => html`<tr tabindex="-1">
              <td>${words.date(c.date)}</td>
              <td class="address">${c.address}</td>
              <td>${words.propertyType[c.propertyType]} <span class="unit">${unitTypeName(c.unitType)}</span></td>
              <td class="num">${formatArea(c.floorAreaSqm, unit)}</td>
              <td class="num">${formatMoney(c.price)}</td>
              <td class="num">${formatPricePerArea(c.pricePerSqm, unit)}</td>
              <td class="num">${distanceAway(words, c)}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${
      view.showAll || rows.length <= FIRST_ROWS
        ? nothing
        : html`<button type="button" class="text-button" @click=${() => view.handleShowAll()}>${words.showAll(rows.length)}</button>`
    }`;
}
