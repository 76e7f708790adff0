/**
 * The service's public valuation pages, server-rendered HTML that works without JavaScript:
 * `/valuation/` finds a property, `/valuation/<id>?mode=sale|rent` shows its estimate. The estimate
 * comes from the same engine as the widget host and the Platform API, and is worded and formatted
 * by the widget's own catalogue and formatters, so every surface shows the same figures.
 */
import type { components } from '../src/api/generated/contract.js';
import { formatArea, formatDate, formatDistance, formatMoney, formatPricePerArea } from '../src/format/format.js';
import * as en from '../src/words/en.js';
import type { EstimateEngine } from './engine.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

const escape = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A figure people read, with its number for machines (the <data> element). */
const money = (value: number, field: string) => `<data value="${value}" data-field="${field}">${escape(formatMoney(value))}</data>`;

const STYLES = `:root{color-scheme:light dark;--accent:light-dark(#0b6b57,#5fd4b5);--bg:light-dark(#fff,#151b22);--fg:light-dark(#17212b,#e8edf2);
--muted:light-dark(#4f5b66,#a9b4bf);--border:light-dark(#cfd6dd,#3a4653);--surface:light-dark(#f3f6f8,#1e262f)}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:48rem;margin:0 auto;padding:1.5rem 1rem}a{color:var(--accent)}h1{font-size:1.6rem;line-height:1.2;margin:.2rem 0}
.brand{text-transform:uppercase;letter-spacing:.06em;font-size:.8rem;color:var(--muted)}.meta,.range,dt,.label{color:var(--muted)}
.value{font-size:2.4rem;font-weight:700;margin:0;font-variant-numeric:tabular-nums}.facts{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.5rem;padding:0}
.facts div{background:var(--surface);border-radius:6px;padding:.5rem .7rem}dd{margin:0;font-weight:600}
nav ul{display:flex;gap:.5rem;list-style:none;padding:0}nav a{display:inline-block;padding:.6rem 1rem;border:1px solid var(--border);border-radius:999px;text-decoration:none;font-weight:600}
nav a[aria-current=page]{background:var(--accent);color:light-dark(#fff,#0c1a16);border-color:var(--accent)}
table{width:100%;border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}caption{text-align:start;font-weight:600;padding:.5rem 0}
th,td{text-align:start;padding:.4rem .5rem .4rem 0;border-bottom:1px solid var(--border);vertical-align:top}.num{text-align:end;white-space:nowrap}
.table-wrap{overflow-x:auto}footer{margin-top:2rem;padding-top:1rem;border-top:1px solid var(--border);font-size:.85rem;color:var(--muted)}
label{display:block;font-weight:600}input{font:inherit;padding:.6rem;min-width:16rem;border:1px solid var(--muted);border-radius:8px;background:var(--bg);color:var(--fg)}
button{font:inherit;font-weight:600;padding:.6rem 1rem;border:0;border-radius:8px;background:var(--accent);color:light-dark(#fff,#0c1a16)}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="${en.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLES}</style></head><body><main>
<p class="brand">${escape(en.brand)}</p>${body}
<footer><p class="disclaimer">${escape(en.disclaimer)}</p><p>Sandbox: these pages stand in for the service's public valuation pages.</p></footer>
</main></body></html>`;
}

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
<td class="num">${escape(formatArea(c.floorAreaSqm))}</td><td class="num">${money(c.price, 'comparable-price')}</td><td class="num">${escape(formatPricePerArea(c.pricePerSqm))}</td><td class="num">${escape(en.away(formatDistance(c.distanceM)))}</td></tr>`,
    )
    .join('');
  const title = property.project ? `${property.project}, ${property.address}` : property.address;
  return `<h1>${escape(title)}</h1>
<p class="meta">${escape(`${property.town} · ${en.propertyType[property.propertyType]} ${property.unitType} · ${formatArea(property.floorAreaSqm)} · Singapore ${property.postalCode}`)}</p>
<nav aria-label="${escape(en.modeLegend)}"><ul>${modeLink('sale')}${modeLink('rent')}</ul></nav>
<h2 class="label">${escape(en.estimateHeading(mode))}</h2>
<p class="value">${money(estimate.value, 'value')}${mode === 'rent' ? escape(en.perMonth) : ''}</p>
<p class="range">${en.range(money(estimate.low, 'low'), money(estimate.high, 'high'))}</p>
<dl class="facts"><div><dt>${escape(en.per('sq ft'))}</dt><dd>${escape(formatPricePerArea(estimate.value / property.floorAreaSqm))}</dd></div>
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
  const message = valuation.problem === 'not_found' ? en.propertyGone : en.noComparables;
  return { status: valuation.problem === 'not_found' ? 404 : 422, html: page('Service Valuations (sandbox)', `<h1>No estimate</h1><p>${escape(message)}</p>${searchForm()}`) };
}
