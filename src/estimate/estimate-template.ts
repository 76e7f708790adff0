/** The estimate: what was valued, the value and how sure it is, and the comparables behind it. */
import { html, nothing } from 'lit/html.js';
import type { Estimate, Mode } from '../api/types.js';
import { type AreaUnit, areaIn, formatDistance, formatMoney } from '../format/format.js';
import { safeLink } from '../internal/links.js';
import { formatArea, formatPricePerArea, unitTypeName, words } from '../words/words.js';
import { hostProblem } from '../words/problems.js';
import { renderChoice } from './choice.js';
import { renderComparablesChart } from './comparables-chart.js';
import { renderComparablesTable } from './comparables-table.js';
import type { EstimateController } from './estimate-controller.js';

export function renderModeSwitch(mode: Mode, onChange: (mode: Mode) => void) {
  const option = (value: Mode) =>
    html`<label class="mode-option">
      <input type="radio" name="sv-mode" value=${value} .checked=${mode === value} @change=${() => onChange(value)} /><span
        >${words.modeValue(value)}</span
      >
    </label>`;
  return html`<fieldset class="mode" part="mode">
    <legend class="visually-hidden">${words.modeLegend}</legend>
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
      // A storey refused: the last estimate stays, its form saying what to correct.
      if (controller.homeProblem) return renderEstimate(controller.homeProblem.estimate, controller);
      const problem = hostProblem(request.error!);
      return html`<div class="notice" part="estimate-error" role="alert">
        <p>${problem.visitor}</p>
        ${problem.retry ? html`<button type="button" class="button" @click=${() => controller.retry()}>${words.tryAgain}</button>` : nothing}
      </div>`;
    }
    case 'complete':
      return renderEstimate(request.value!, controller);
  }
}

function renderEstimate(estimate: Estimate, view: EstimateController) {
  const { property } = estimate;
  const perMonth = estimate.mode === 'rent' ? html`<span class="per">${words.perMonth}</span>` : nothing;
  const otherUnit: AreaUnit = view.unit === 'sqft' ? 'sqm' : 'sqft';
  const fullValuationUrl = safeLink(estimate.attribution.url);
  return html`<article class="estimate" part="estimate" aria-labelledby="sv-estimate-heading">
    <p class="property">
      <span class="property-name">${property.project ? `${property.project}, ` : ''}${property.address}</span>
      <span class="property-meta"
        >${property.town} · ${words.propertyType[property.propertyType]} <span class="unit">${unitTypeName(property.unitType)}</span> · ${formatArea(property.floorAreaSqm, view.unit)}${property.postalCode ? ` · ${words.postal(property.postalCode)}` : ''}</span
      >
    </p>
    <h3 id="sv-estimate-heading" class="estimate-label">${words.estimateHeading(estimate.mode)}</h3>
    <p class="value" part="value">${formatMoney(estimate.value)}${perMonth}</p>
    <p class="range">${words.range(formatMoney(estimate.low), formatMoney(estimate.high))}</p>
    <dl class="facts">
      <div>
        <dt>${words.per(words.unit[view.unit])}</dt>
        <dd>${formatPricePerArea(estimate.value / property.floorAreaSqm, view.unit)}</dd>
      </div>
      <div>
        <dt>${words.confidence}</dt>
        <dd>
          ${words.confidenceLevel[estimate.confidence]}<span class="visually-hidden">: ${words.confidenceHint[estimate.confidence]}</span>
        </dd>
      </div>
      <div><dt>${words.asOf}</dt><dd>${words.month(estimate.asOf)}</dd></div>
      <div><dt>${words.basedOn}</dt><dd>${words.transactionCount(estimate.comparables.length)}${widerReach(estimate)}</dd></div>
    </dl>
    <div class="estimate-actions">
      <button type="button" class="text-button" aria-pressed=${view.unit === 'sqm' ? 'true' : 'false'} @click=${() => view.handleUnitChange(otherUnit)}>
        ${words.showSquareMetres}
      </button>
      ${
        fullValuationUrl
          ? html`<a class="full-valuation" part="full-valuation" href=${fullValuationUrl} target="_blank" rel="noopener noreferrer"
            >${words.fullValuation}<span class="visually-hidden">${words.newTab}</span></a
          >`
          : nothing
      }
    </div>
    ${renderHomeForm(estimate, view)}
    ${renderComparablesChart(estimate, view.unit, view.chart.wide)}
    ${renderComparablesTable(estimate, view)}
  </article>`;
}

/**
 * The kinds of home at the address (a block's flat types), once an estimate named them: kept through a
 * new type's loading and failure, so the keyboard stays on it and another type is a choice away.
 */
export function renderHomeType({ types, selected, handleHomeType }: EstimateController) {
  return types[1]
    ? renderChoice(
        words.homeType,
        types.map((type) => [type.id, unitTypeName(type.unitType)]),
        selected?.id,
        handleHomeType,
      )
    : nothing;
}

/**
 * The visitor's storey and floor area (in the unit shown), closed until asked for: the area stays within
 * half and twice the home type's typical one, as the widget host requires.
 */
function renderHomeForm(estimate: Estimate, view: EstimateController) {
  const typical = estimate.property.typicalFloorAreaSqm;
  const inUnit = (sqm: number, round: (x: number) => number) => round(areaIn(sqm, view.unit));
  const { storey, floorAreaSqm } = view.home;
  const problem = view.homeProblem;
  // A storey refused is invalid and described by the sentence; Lit leaves an attribute bound to `nothing` out.
  return html`<details class="home" ?open=${storey || floorAreaSqm || problem}>
    <summary>${words.yourHome}</summary>
    <form class="estimate-actions" @submit=${view.handleHome}>
      <label
        >${words.storey}<input
          name="storey"
          type="number"
          min="1"
          max="80"
          aria-invalid=${problem ? 'true' : nothing}
          aria-describedby=${problem ? 'sv-home-problem' : nothing}
          .value=${storey || ''}
      /></label>
      <label
        >${words.floorArea(words.unit[view.unit])}<input
          name="area"
          type="number"
          step="any"
          min=${inUnit(Math.ceil(typical / 2), Math.ceil)}
          max=${inUnit(Math.floor(typical * 2), Math.floor)}
          placeholder=${inUnit(typical, Math.round)}
          .value=${floorAreaSqm ? inUnit(floorAreaSqm, Math.round) : ''}
      /></label>
      <button type="submit" class="button">${words.updateEstimate}</button>
      ${problem ? html`<p id="sv-home-problem" class="field-problem">${problem.message}</p>` : nothing}
    </form>
  </details>`;
}

/** The final layout's shape, so nothing jumps when the estimate arrives. */
function renderEstimateSkeleton(slow: boolean) {
  return html`<div class="estimate skeleton" part="estimate" aria-busy="true">
    ${slow ? html`<p class="loading-note">${words.loading}</p>` : nothing}
    ${'short short label value  facts chart table'.split(' ').map((bone) => html`<span class="bone ${bone}"></span>`)}
  </div>`;
}

/** Where the estimate looked wider than usual, said in the visitor's language from the host's figures. */
function widerReach({ basis, mode }: Estimate) {
  if (!basis?.widened) return nothing;
  const months = String(basis.months);
  const text =
    basis.scope === 'nearby' && basis.radiusM !== undefined
      ? words.widerWithin(mode, formatDistance(basis.radiusM), months)
      : words.widerArea(mode, months);
  return html`<span class="basis">${text}</span>`;
}
