/** The estimate: what was valued, the value and how sure it is, and the comparables behind it. */
import { html, nothing } from 'lit/html.js';
import type { Estimate, Mode } from '../api/types.js';
import { type AreaUnit, areaUnitLabel, formatArea, formatDate, formatMoney, formatPricePerArea } from '../format/format.js';
import { renderComparablesChart } from './comparables-chart.js';
import { renderComparablesTable, TYPE_LABEL } from './comparables-table.js';
import type { SortKey, SortOrder } from './sort-comparables.js';

const CONFIDENCE_LABEL: Record<Estimate['confidence'], string> = { high: 'High', medium: 'Medium', low: 'Low' };
const CONFIDENCE_HINT: Record<Estimate['confidence'], string> = {
  high: 'many close, recent, consistent transactions',
  medium: 'some spread among the transactions',
  low: 'few or scattered transactions',
};

export interface EstimateView {
  unit: AreaUnit;
  sort: SortOrder;
  /** Where "See the full valuation" goes; absent when the host sent no safe link. */
  fullValuationUrl?: string;
  onUnitChange(unit: AreaUnit): void;
  onSort(key: SortKey): void;
}

export function renderModeSwitch(mode: Mode, onChange: (mode: Mode) => void) {
  const option = (value: Mode, label: string) =>
    html`<label class="mode-option">
      <input type="radio" name="sv-mode" value=${value} .checked=${mode === value} @change=${() => onChange(value)} /><span
        >${label}</span
      >
    </label>`;
  return html`<fieldset class="mode" part="mode">
    <legend class="visually-hidden">Estimate</legend>
    ${option('sale', 'Sale price')}${option('rent', 'Monthly rent')}
  </fieldset>`;
}

export function renderEstimate(estimate: Estimate, view: EstimateView) {
  const { property } = estimate;
  const perMonth = estimate.mode === 'rent' ? html`<span class="per"> / month</span>` : nothing;
  const otherUnit: AreaUnit = view.unit === 'sqft' ? 'sqm' : 'sqft';
  return html`<article class="estimate" part="estimate" aria-labelledby="sv-estimate-heading">
    <p class="property">
      <span class="property-name">${property.project ? `${property.project}, ` : ''}${property.address}</span>
      <span class="property-meta"
        >${property.town} · ${TYPE_LABEL[property.propertyType]} ${property.unitType} · ${formatArea(property.floorAreaSqm, view.unit)}
        · Singapore ${property.postalCode}</span
      >
    </p>
    <h3 id="sv-estimate-heading" class="estimate-label">Estimated ${estimate.mode === 'sale' ? 'sale price' : 'monthly rent'}</h3>
    <p class="value" part="value">${formatMoney(estimate.value)}${perMonth}</p>
    <p class="range">Likely between ${formatMoney(estimate.low)} and ${formatMoney(estimate.high)}</p>
    <dl class="facts">
      <div>
        <dt>Per ${areaUnitLabel(view.unit)}</dt>
        <dd>${formatPricePerArea(estimate.value / property.floorAreaSqm, view.unit)}</dd>
      </div>
      <div>
        <dt>Confidence</dt>
        <dd title=${CONFIDENCE_HINT[estimate.confidence]}>
          ${CONFIDENCE_LABEL[estimate.confidence]}<span class="visually-hidden">: ${CONFIDENCE_HINT[estimate.confidence]}</span>
        </dd>
      </div>
      <div><dt>As of</dt><dd>${formatDate(estimate.asOf)}</dd></div>
      <div><dt>Based on</dt><dd>${estimate.comparables.length} transactions</dd></div>
    </dl>
    <div class="estimate-actions">
      <button type="button" class="text-button" aria-pressed=${view.unit === 'sqm' ? 'true' : 'false'} @click=${() => view.onUnitChange(otherUnit)}>
        Show square metres
      </button>
      ${view.fullValuationUrl
        ? html`<a class="full-valuation" part="full-valuation" href=${view.fullValuationUrl} target="_blank" rel="noopener noreferrer"
            >See the full valuation<span class="visually-hidden"> (opens in a new tab)</span></a
          >`
        : nothing}
    </div>
    ${renderComparablesChart(estimate, view.unit)}
    <div class="table-wrap">${renderComparablesTable(estimate, view.unit, view.sort, view.onSort)}</div>
  </article>`;
}

/** The final layout's shape, so nothing jumps when the estimate arrives. */
export function renderEstimateSkeleton(slow: boolean) {
  return html`<div class="estimate skeleton" part="estimate" aria-busy="true">
    ${slow ? html`<p class="loading-note">Working out the estimate…</p>` : nothing}
    <span class="bone short"></span><span class="bone short"></span><span class="bone label"></span
    ><span class="bone value"></span><span class="bone"></span><span class="bone facts"></span><span class="bone chart"></span
    ><span class="bone table"></span>
  </div>`;
}
