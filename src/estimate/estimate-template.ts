/** The estimate: value, range, what was valued, and the comparables behind it. */
import { html, nothing } from 'lit';
import type { Comparable, Estimate, Mode } from '../api/types.js';
import { formatDate, formatDistance, formatMoney, formatPsf, formatSqft, formatSqm } from '../format/format.js';

const TYPE_LABEL: Record<Comparable['propertyType'], string> = { hdb: 'HDB', condo: 'Condo', landed: 'Landed' };
const CONFIDENCE_LABEL: Record<Estimate['confidence'], string> = { high: 'High', medium: 'Medium', low: 'Low' };

export function renderModeSwitch(mode: Mode, onChange: (mode: Mode) => void, disabled: boolean) {
  const option = (value: Mode, label: string) =>
    html`<label class="mode-option">
      <input
        type="radio"
        name="sv-mode"
        value=${value}
        .checked=${mode === value}
        ?disabled=${disabled}
        @change=${() => onChange(value)}
      /><span>${label}</span>
    </label>`;
  return html`<fieldset class="mode" part="mode">
    <legend class="visually-hidden">Estimate</legend>
    ${option('sale', 'Sale price')}${option('rent', 'Monthly rent')}
  </fieldset>`;
}

function renderComparables(estimate: Estimate) {
  const priceHeading = estimate.mode === 'sale' ? 'Price' : 'Rent / month';
  return html`<table class="comparables" part="comparables">
    <caption>
      ${estimate.comparables.length} recent ${estimate.mode === 'sale' ? 'sales' : 'rentals'} used for this estimate
    </caption>
    <thead>
      <tr>
        <th scope="col">Date</th>
        <th scope="col">Address</th>
        <th scope="col">Type</th>
        <th scope="col" class="num">Area</th>
        <th scope="col" class="num">${priceHeading}</th>
        <th scope="col" class="num">Per sq ft</th>
        <th scope="col" class="num">Distance</th>
      </tr>
    </thead>
    <tbody>
      ${estimate.comparables.map(
        (c) => html`<tr>
          <td>${formatDate(c.date)}</td>
          <td class="address">${c.address}</td>
          <td>${TYPE_LABEL[c.propertyType]} ${c.unitType}</td>
          <td class="num">${formatSqft(c.floorAreaSqm)}</td>
          <td class="num">${formatMoney(c.price)}</td>
          <td class="num">${formatPsf(c.pricePerSqm)}</td>
          <td class="num">${formatDistance(c.distanceM)} away</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

export function renderEstimate(estimate: Estimate) {
  const { property } = estimate;
  const perMonth = estimate.mode === 'rent' ? html`<span class="per"> / month</span>` : nothing;
  return html`<article class="estimate" part="estimate" aria-labelledby="sv-estimate-heading">
    <p class="property">
      <span class="property-name">${property.project ? `${property.project}, ` : ''}${property.address}</span>
      <span class="property-meta"
        >${property.town} · ${TYPE_LABEL[property.propertyType]} ${property.unitType} · ${formatSqm(property.floorAreaSqm)}
        (${formatSqft(property.floorAreaSqm)}) · Singapore ${property.postalCode}</span
      >
    </p>
    <h3 id="sv-estimate-heading" class="estimate-label">
      Estimated ${estimate.mode === 'sale' ? 'sale price' : 'monthly rent'}
    </h3>
    <p class="value" part="value">${formatMoney(estimate.value)}${perMonth}</p>
    <p class="range">Likely between ${formatMoney(estimate.low)} and ${formatMoney(estimate.high)}</p>
    <dl class="facts">
      <div><dt>Per sq ft</dt><dd>${formatPsf(estimate.value / property.floorAreaSqm)}</dd></div>
      <div><dt>Confidence</dt><dd class="confidence ${estimate.confidence}">${CONFIDENCE_LABEL[estimate.confidence]}</dd></div>
      <div><dt>As of</dt><dd>${formatDate(estimate.asOf)}</dd></div>
      <div><dt>Based on</dt><dd>${estimate.comparables.length} transactions</dd></div>
    </dl>
    <div class="table-wrap">${renderComparables(estimate)}</div>
  </article>`;
}

export function renderEstimateSkeleton() {
  return html`<div class="estimate skeleton" part="estimate" aria-hidden="true">
    <span class="bone short"></span><span class="bone value"></span><span class="bone"></span><span class="bone"></span
    ><span class="bone tall"></span>
  </div>`;
}
