/** The estimate: what was valued, the value and how sure it is, and the comparables behind it. */
import { html, nothing } from 'lit/html.js';
import type { Estimate, Mode } from '../api/types.js';
import { type AreaUnit, areaUnitLabel, formatArea, formatDate, formatMoney, formatPricePerArea } from '../format/format.js';
import { safeLink } from '../internal/links.js';
import * as en from '../words/en.js';
import { hostProblem } from '../words/problems.js';
import { renderComparablesChart } from './comparables-chart.js';
import { renderComparablesTable } from './comparables-table.js';
import type { EstimateController } from './estimate-controller.js';

export function renderModeSwitch(mode: Mode, onChange: (mode: Mode) => void) {
  const option = (value: Mode) =>
    html`<label class="mode-option">
      <input type="radio" name="sv-mode" value=${value} .checked=${mode === value} @change=${() => onChange(value)} /><span
        >${en.modeValue(value)}</span
      >
    </label>`;
  return html`<fieldset class="mode" part="mode">
    <legend class="visually-hidden">${en.modeLegend}</legend>
    ${option('sale')}${option('rent')}
  </fieldset>`;
}

/** Whatever the estimate request is showing: nothing yet, its skeleton, a failure, or the estimate. */
export function renderEstimateResult(controller: EstimateController) {
  const { request } = controller;
  switch (request.status) {
    case 'initial':
      return nothing;
    case 'pending':
      return renderEstimateSkeleton(request.slow);
    case 'error': {
      const problem = hostProblem(request.error!);
      return html`<div class="notice" part="estimate-error" role="alert">
        <p>${problem.visitor}</p>
        ${problem.retry ? html`<button type="button" class="button" @click=${() => controller.retry()}>${en.tryAgain}</button>` : nothing}
      </div>`;
    }
    case 'complete':
      return renderEstimate(request.value!, controller);
  }
}

function renderEstimate(estimate: Estimate, view: EstimateController) {
  const { property } = estimate;
  const perMonth = estimate.mode === 'rent' ? html`<span class="per">${en.perMonth}</span>` : nothing;
  const otherUnit: AreaUnit = view.unit === 'sqft' ? 'sqm' : 'sqft';
  const fullValuationUrl = safeLink(estimate.attribution.url);
  return html`<article class="estimate" part="estimate" aria-labelledby="sv-estimate-heading">
    <p class="property">
      <span class="property-name">${property.project ? `${property.project}, ` : ''}${property.address}</span>
      <span class="property-meta"
        >${property.town} · ${en.propertyType[property.propertyType]} ${property.unitType} · ${formatArea(property.floorAreaSqm, view.unit)}
        · Singapore ${property.postalCode}</span
      >
    </p>
    <h3 id="sv-estimate-heading" class="estimate-label">${en.estimateHeading(estimate.mode)}</h3>
    <p class="value" part="value">${formatMoney(estimate.value)}${perMonth}</p>
    <p class="range">${en.range(formatMoney(estimate.low), formatMoney(estimate.high))}</p>
    <dl class="facts">
      <div>
        <dt>${en.per(areaUnitLabel(view.unit))}</dt>
        <dd>${formatPricePerArea(estimate.value / property.floorAreaSqm, view.unit)}</dd>
      </div>
      <div>
        <dt>${en.confidence}</dt>
        <dd title=${en.confidenceHint[estimate.confidence]}>
          ${en.confidenceLevel[estimate.confidence]}<span class="visually-hidden">: ${en.confidenceHint[estimate.confidence]}</span>
        </dd>
      </div>
      <div><dt>${en.asOf}</dt><dd>${formatDate(estimate.asOf)}</dd></div>
      <div><dt>${en.basedOn}</dt><dd>${en.transactionCount(estimate.comparables.length)}</dd></div>
    </dl>
    <div class="estimate-actions">
      <button type="button" class="text-button" aria-pressed=${view.unit === 'sqm' ? 'true' : 'false'} @click=${() => view.handleUnitChange(otherUnit)}>
        ${en.showSquareMetres}
      </button>
      ${fullValuationUrl
        ? html`<a class="full-valuation" part="full-valuation" href=${fullValuationUrl} target="_blank" rel="noopener noreferrer"
            >${en.fullValuation}<span class="visually-hidden">${en.newTab}</span></a
          >`
        : nothing}
    </div>
    ${renderComparablesChart(estimate, view.unit)}
    <div class="table-wrap">${renderComparablesTable(estimate, view.unit, view.sort, (key) => view.handleSort(key))}</div>
  </article>`;
}

/** The final layout's shape, so nothing jumps when the estimate arrives. */
function renderEstimateSkeleton(slow: boolean) {
  return html`<div class="estimate skeleton" part="estimate" aria-busy="true">
    ${slow ? html`<p class="loading-note">${en.loading}</p>` : nothing}
    <span class="bone short"></span><span class="bone short"></span><span class="bone label"></span
    ><span class="bone value"></span><span class="bone"></span><span class="bone facts"></span><span class="bone chart"></span
    ><span class="bone table"></span>
  </div>`;
}
