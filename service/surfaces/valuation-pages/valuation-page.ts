/**
 * The service's public valuation pages, server-rendered HTML that works without JavaScript:
 * `/valuation/` finds a property, `/valuation/<id>?mode=sale|rent` shows its estimate. The estimate
 * comes from the same engine as the widget host and the Platform API, and is worded and formatted
 * by the widget's own catalogue and formatters, so every surface shows the same figures.
 */
import type { components } from '../../../contract/generated/widget-host.js';
import { formatDate, formatDistance, formatMoney } from '../../../src/format/format.js';
import { formatArea, formatPricePerArea } from '../../../src/words/words.js';
import en from '../../../src/words/en.js';
import { VISITOR_MESSAGES } from '../../core/estimates/service-words.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import { escape, layout } from '../../web/layout.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

/** A figure people read, with its number for machines (the <data> element). */
const money = (value: number, field: string) => `<data value="${value}" data-field="${field}">${escape(formatMoney(value))}</data>`;

const page = (title: string, body: string) =>
  layout(title, body, `<p class="disclaimer">${escape(en.disclaimer)}</p><p>Sandbox: these pages stand in for the service's public valuation pages.</p>`);

function searchForm(query = ''): string {
  return `<form action="/valuation/" method="get" role="search"><label for="q">${escape(en.searchLabel)}</label>
<input id="q" name="q" value="${escape(query)}" placeholder="${escape(en.searchPlaceholder)}" maxlength="100" autocomplete="off"> <button type="submit">Search</button></form>`;
}

/** `/valuation/`: a search that works without JavaScript. */
function homePage(engine: EstimateEngine, query: string): string {
  const q = query.trim().slice(0, 100);
  const results = q.replace(/\s/g, '').length >= 2 ? engine.search(q) : undefined;
  const list = results
    ? results.length
      ? `<h2>Matches for “${escape(q)}”</h2><ul>${results
          .map((s) => `<li><a href="/valuation/${encodeURIComponent(s.id)}?mode=sale">${escape(s.text)}</a> <span class="meta">${escape(s.secondaryText)}</span></li>`)
          .join('')}</ul>`
      : `<p>${escape(en.noMatches(q))}</p>`
    : '';
  return page('Service Valuations (sandbox)', `<h1>What is this home worth?</h1>
<p>Free sale and rent estimates for Singapore homes, from recent transactions.</p>${searchForm(q)}${list}`);
}

function estimateBody(estimate: Estimate): string {
  const { property } = estimate;
  const mode = estimate.mode;
  const modeLink = (m: Mode) =>
    `<li><a href="/valuation/${encodeURIComponent(property.id)}?mode=${m}"${m === mode ? ' aria-current="page"' : ''}>${escape(en.modeValue(m))}</a></li>`;
  const rows = estimate.comparables
    .map(
      (c) => `<tr><td>${escape(formatDate(c.date))}</td><td>${escape(c.address)}</td><td>${escape(`${en.propertyType[c.propertyType]} ${c.unitType}`)}</td>
<td class="num">${escape(formatArea(c.floorAreaSqm, 'sqft'))}</td><td class="num">${money(c.price, 'comparable-price')}</td><td class="num">${escape(formatPricePerArea(c.pricePerSqm, 'sqft'))}</td><td class="num">${escape(en.away(formatDistance(c.distanceM)))}</td></tr>`,
    )
    .join('');
  const title = property.project ? `${property.project}, ${property.address}` : property.address;
  return `<h1>${escape(title)}</h1>
<p class="meta">${escape(`${property.town} · ${en.propertyType[property.propertyType]} ${property.unitType} · ${formatArea(property.floorAreaSqm, 'sqft')} · ${en.postal(property.postalCode)}`)}</p>
<nav aria-label="${escape(en.modeLegend)}"><ul>${modeLink('sale')}${modeLink('rent')}</ul></nav>
<h2 class="label">${escape(en.estimateHeading(mode))}</h2>
<p class="value">${money(estimate.value, 'value')}${mode === 'rent' ? escape(en.perMonth) : ''}</p>
<p class="range">${en.range(money(estimate.low, 'low'), money(estimate.high, 'high'))}</p>
<dl class="facts"><div><dt>${escape(en.per('sq ft'))}</dt><dd>${escape(formatPricePerArea(estimate.value / property.floorAreaSqm, 'sqft'))}</dd></div>
<div><dt>${escape(en.confidence)}</dt><dd data-field="confidence" data-value="${estimate.confidence}">${escape(en.confidenceLevel[estimate.confidence])}: ${escape(en.confidenceHint[estimate.confidence])}</dd></div>
<div><dt>${escape(en.asOf)}</dt><dd><time datetime="${estimate.asOf}" data-field="asOf">${escape(formatDate(estimate.asOf))}</time></dd></div>
<div><dt>${escape(en.basedOn)}</dt><dd>${escape(en.transactionCount(estimate.comparables.length))}</dd></div></dl>
<div class="table-wrap"><table><caption>${escape(en.tableCaption(estimate.comparables.length, mode))}</caption><thead><tr>
<th scope="col">${escape(en.column.date)}</th><th scope="col">${escape(en.column.address)}</th><th scope="col">${escape(en.column.type)}</th>
<th scope="col" class="num">${escape(en.column.area('sq ft'))}</th><th scope="col" class="num">${escape(en.column.price(mode))}</th>
<th scope="col" class="num">${escape(en.per('sq ft'))}</th><th scope="col" class="num">${escape(en.column.distance)}</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="meta">${escape(estimate.attribution.text)}. You may keep this estimate until ${escape(formatDate(estimate.retainUntil))}.</p>
<p><a href="/valuation/">Value another home</a></p>`;
}

export type ServicePage = { status: number; html: string } | undefined;

/** The service's pages under `/valuation/`, or undefined for a path they do not cover. */
export function servicePage(engine: EstimateEngine, url: URL): ServicePage {
  if (!url.pathname.startsWith('/valuation/')) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(url.pathname.slice('/valuation/'.length));
  } catch {
    id = '\0'; // A malformed escape names no property.
  }
  if (!id) return { status: 200, html: homePage(engine, url.searchParams.get('q') ?? '') };
  const mode: Mode = url.searchParams.get('mode') === 'rent' ? 'rent' : 'sale';
  const valuation = engine.value(id, mode);
  if ('estimate' in valuation) {
    const { estimate } = valuation;
    const title = estimate.property.project ?? estimate.property.address;
    return { status: 200, html: page(`${title}: ${en.estimateHeading(mode).toLowerCase()} (sandbox)`, estimateBody(estimate)) };
  }
  const message = valuation.problem === 'not_found' ? VISITOR_MESSAGES.en.not_found : VISITOR_MESSAGES.en.no_comparables;
  return { status: valuation.problem === 'not_found' ? 404 : 422, html: page('Service Valuations (sandbox)', `<h1>No estimate</h1><p>${escape(message)}</p>${searchForm()}`) };
}
