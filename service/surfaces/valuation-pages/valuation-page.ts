/**
 * The service's public valuation pages, server-rendered HTML that works without JavaScript:
 * `/valuation/` finds a property, `/valuation/<id>?mode=sale|rent` shows its estimate. The estimate
 * comes from the same engine as the widget host and the Platform API, and is worded and formatted
 * by the widget's own catalogue and formatters, so every surface shows the same figures.
 */
import { cardTable } from '../../web/card-table.js';
import { areaRange, type HomeAsked, readHome, readMode } from '../../core/estimates/parameters.js';
import { pageQuery } from '../../core/estimates/estimate.js';
import type { components } from '../../../contract/generated/widget-host.js';
import { formatDate, formatMoney, formatMonth } from '../../../src/format/format.js';
import { distanceAway } from '../../../src/words/distance.js';
import { formatArea, formatPricePerArea } from '../../../src/words/words.js';
import en from '../../../src/words/en.js';
import { homeProblemForVisitor, refusalForVisitor, VISITOR_MESSAGES } from '../../core/estimates/service-words.js';
import type { EstimateEngine } from '../../core/estimates/engine.js';
import { SearchQueryLength } from '../../../src/api/generated/checks.js';
import type { VisitorLimit } from '../../core/metering/visitor-limit.js';
import { type Html, html, wordsAround } from '../../web/html.js';
import { layout } from '../../web/layout.js';

type Estimate = components['schemas']['Estimate'];
type Mode = components['schemas']['Mode'];

/** A figure people read, with its number for machines (the <data> element). */
const money = (value: number, field: string) =>
  html`<data value="${value}" data-field="${field}">${formatMoney(value)}</data>`;

const page = (title: string, body: Html) =>
  layout(
    title,
    body,
    html`<p class="disclaimer">${en.disclaimer}</p><p>Sandbox: these pages stand in for the service's public valuation pages.</p>`,
  );

function searchForm(query = ''): Html {
  return html`<form action="/valuation/" method="get" role="search"><label for="q">${en.searchLabel}</label>
<input id="q" name="q" value="${query}" placeholder="${en.searchPlaceholder}" maxlength="100" autocomplete="off"> <button type="submit">Search</button></form>`;
}

/** Characters a search needs (spaces aside), as the widget host's suggestions. */
const SEARCH_MIN = SearchQueryLength.min;

/** `/valuation/`: a search that works without JavaScript. */
function homePage(engine: EstimateEngine, query: string): Html {
  const q = query.trim().slice(0, 100);
  const tooShort = q !== '' && q.replace(/\s/g, '').length < SEARCH_MIN;
  const results = q && !tooShort ? engine.search(q) : undefined;
  const list = results
    ? results.length
      ? html`<h2>Matches for “${q}”</h2><ul>${results.map(
          (s) =>
            html`<li><a href="/valuation/${encodeURIComponent(s.id)}?mode=sale">${s.text}</a> <span class="meta">${s.secondaryText}</span></li>`,
        )}</ul>`
      : html`<p>${en.noMatches(q)}</p>`
    : tooShort
      ? html`<p role="alert">Type at least ${SEARCH_MIN} letters or digits of an address, postal code or condo name.</p>`
      : '';
  return page(
    'Service Valuations (sandbox)',
    html`<h1>What is this home worth?</h1>
<p>Free sale and rent estimates for Singapore homes, from recent transactions.</p>${searchForm(q)}${list}`,
  );
}

/** An area in both units, as the page gives every area: square feet as listings do, square metres as the form asks. */
const bothUnits = (sqm: number) => `${formatArea(sqm, 'sqft')} / ${formatArea(sqm, 'sqm')}`;

/** The storey and floor area of the visitor's home: the same page again, with them in its address. */
function homeForm(estimate: Estimate, asked: HomeAsked): Html {
  const { property, mode } = estimate;
  const typical = property.typicalFloorAreaSqm;
  const { min, max } = areaRange(typical);
  return html`<form method="get" action="/valuation/${encodeURIComponent(property.id)}" class="home-form"><input type="hidden" name="mode" value="${mode}">
<fieldset><legend>Your home</legend>
<label for="storey">Storey</label> <input id="storey" name="storey" type="number" inputmode="numeric" min="1" max="80" step="1" value="${asked.storey ?? ''}">
<label for="floorAreaSqm">Floor area (m²)</label> <input id="floorAreaSqm" name="floorAreaSqm" type="number" inputmode="decimal" min="${min}" max="${max}" step="any" value="${asked.floorAreaSqm ?? ''}" placeholder="${typical}" aria-describedby="area-range"> <span id="area-range" class="meta">${min} to ${max} m² (${formatArea(min, 'sqft')} to ${formatArea(max, 'sqft')}); this home's type typically ${bothUnits(typical)}</span>
<button type="submit">Estimate this home</button></fieldset></form>`;
}

/** The other kinds of home at the address (a block's flat types), each a link to its own estimate. */
function homeTypes({ property, mode }: Estimate): Html | '' {
  if (property.unitTypes.length < 2) return '';
  const link = (type: Estimate['property']['unitTypes'][number]) =>
    html`<li><a href="/valuation/${encodeURIComponent(type.id)}?mode=${mode}"${type.id === property.id && html` aria-current="page"`}>${type.unitType}</a></li>`;
  return html`<nav aria-label="${en.homeType}"><ul>${property.unitTypes.map(link)}</ul></nav>`;
}

function estimateBody(estimate: Estimate, asked: HomeAsked): Html {
  const { property } = estimate;
  const mode = estimate.mode;
  const modeLink = (m: Mode) =>
    html`<li><a href="/valuation/${encodeURIComponent(property.id)}?${pageQuery(m, asked)}"${m === mode && html` aria-current="page"`}>${en.modeValue(m)}</a></li>`;
  const columns = [
    { name: en.column.date },
    { name: en.column.address },
    { name: en.column.type },
    { name: en.column.area('sq ft / m²'), numeric: true },
    { name: en.column.price(mode), numeric: true },
    { name: en.per('sq ft'), numeric: true },
    { name: en.column.distance, numeric: true },
  ];
  const rows = estimate.comparables.map((c) => [
    formatDate(c.date),
    c.address,
    `${en.propertyType[c.propertyType]} ${c.unitType}`,
    bothUnits(c.floorAreaSqm),
    money(c.price, 'comparable-price'),
    formatPricePerArea(c.pricePerSqm, 'sqft'),
    distanceAway(en, c),
  ]);
  const title = property.project ? `${property.project}, ${property.address}` : property.address;
  return html`<h1>${title}</h1>
<p class="meta">${`${property.town} · ${en.propertyType[property.propertyType]} ${property.unitType} · ${bothUnits(property.floorAreaSqm)}${property.postalCode ? ` · ${en.postal(property.postalCode)}` : ''}`}</p>
<nav aria-label="${en.modeLegend}"><ul>${modeLink('sale')}${modeLink('rent')}</ul></nav>
${homeTypes(estimate)}${homeForm(estimate, asked)}
<h2 class="label">${en.estimateHeading(mode)}</h2>
<p class="value">${money(estimate.value, 'value')}${mode === 'rent' && en.perMonth}</p>
<p class="range">${wordsAround(en.range, money(estimate.low, 'low'), money(estimate.high, 'high'))}</p>
<dl class="facts"><div><dt>${en.per('sq ft / m²')}</dt><dd>${formatPricePerArea(estimate.value / property.floorAreaSqm, 'sqft')} / ${formatPricePerArea(estimate.value / property.floorAreaSqm, 'sqm')}</dd></div>
<div><dt>${en.confidence}</dt><dd data-field="confidence" data-value="${estimate.confidence}">${en.confidenceLevel[estimate.confidence]}: ${en.confidenceHint[estimate.confidence]}</dd></div>
<div><dt>${en.asOf}</dt><dd><time datetime="${estimate.asOf}" data-field="asOf">${formatMonth(estimate.asOf)}</time></dd></div>
<div><dt>${en.basedOn}</dt><dd>${en.transactionCount(estimate.comparables.length)}${estimate.basis ? html`<br><span class="basis">${estimate.basis.text}</span>` : ''}</dd></div></dl>
${cardTable(en.tableCaption(estimate.comparables.length, mode), columns, rows, '')}
<p class="meta">${estimate.attribution.text}. You may keep this estimate until ${formatDate(estimate.retainUntil)}.</p>
${(estimate.attribution.sources ?? []).map((source) => html`<p class="meta"><a href="${source.url}">${source.text}</a></p>`)}
<p><a href="/valuation/">Value another home</a></p>`;
}

export type ValuationPage = { status: number; html: Html; headers?: Record<string, string> } | undefined;

/** A visitor's share is spent: a page that says when to come back (the same limits as the widget's). */
function comeBackLater(retryAfter: number): ValuationPage {
  const minutes = Math.ceil(retryAfter / 60);
  const hours = Math.round(retryAfter / 3600);
  const when =
    retryAfter < 120
      ? `in ${retryAfter} seconds`
      : retryAfter < 5400
        ? `in ${minutes} minutes`
        : `in about ${hours} hours`;
  const body = html`<h1>Please come back ${when}</h1>
<p>This address has asked for more valuations than one person reads, so the service is pausing it. Copying estimates in bulk is not allowed by the service's terms.</p>${searchForm()}`;
  return {
    status: 429,
    html: page('Please come back later (sandbox)', body),
    headers: { 'Retry-After': String(retryAfter) },
  };
}

export interface ValuationPagesOptions {
  engine: EstimateEngine;
  /** Each address's share of estimates and searches; null for none (a QA suite). */
  visitorLimit: VisitorLimit | null;
  /** Searches per address: a burst, then a steady rate (the widget's suggestion limits). */
  searches: { take(address: string): Promise<number> };
}

/** The service's pages under `/valuation/`, each visitor address within its share. */
export const valuationPages =
  ({ engine, visitorLimit, searches }: ValuationPagesOptions) =>
  async (url: URL, address: string): Promise<ValuationPage> => {
    if (!url.pathname.startsWith('/valuation/')) return undefined;
    if (url.pathname === '/valuation/' && (url.searchParams.get('q') ?? '').trim()) {
      const wait = await searches.take(address);
      if (wait) return comeBackLater(wait);
    }
    const answer = async () => valuationPage(engine, url);
    if (url.pathname === '/valuation/' || !visitorLimit) return answer();
    const shown = await visitorLimit.within('pages', address, answer, (page) => page?.status === 200);
    return 'refused' in shown ? comeBackLater(shown.refused.retryAfter) : shown.result;
  };

/** A page under `/valuation/`, or undefined for a path they do not cover. */
function valuationPage(engine: EstimateEngine, url: URL): ValuationPage {
  let id: string;
  try {
    id = decodeURIComponent(url.pathname.slice('/valuation/'.length));
  } catch {
    id = '\0'; // A malformed escape names no property.
  }
  if (!id) return { status: 200, html: homePage(engine, url.searchParams.get('q') ?? '') };
  const read = readMode(url.searchParams.get('mode') ?? undefined);
  if ('problem' in read) {
    const body = html`<h1>Not a valuation</h1><p>This link's ${read.problem} <a href="/valuation/${encodeURIComponent(id)}?mode=sale">See the sale estimate</a>.</p>`;
    return { status: 400, html: page('Not a valuation (sandbox)', body) };
  }
  const { mode } = read;
  const asked = readHome({
    storey: url.searchParams.get('storey'),
    floorAreaSqm: url.searchParams.get('floorAreaSqm'),
  });
  const outcome =
    'problem' in asked
      ? ({ problem: 'invalid_home', parameter: asked.parameter, detail: asked.problem } as const)
      : engine.estimate(id, mode, asked.home);
  if ('estimate' in outcome) {
    const { estimate } = outcome;
    const title = estimate.property.project ?? estimate.property.address;
    return {
      status: 200,
      html: page(
        `${title}: ${en.estimateHeading(mode).toLowerCase()} (sandbox)`,
        estimateBody(estimate, 'home' in asked ? asked.home : {}),
      ),
    };
  }
  if (outcome.problem === 'invalid_home') {
    const why = 'bounds' in outcome ? homeProblemForVisitor('en', outcome.parameter, outcome.bounds) : outcome.detail;
    const body = html`<h1>Not a valuation</h1><p>${why} <a href="/valuation/${encodeURIComponent(id)}?mode=${mode}">See the estimate at the home's typical size</a>.</p>`;
    return { status: 400, html: page('Not a valuation (sandbox)', body) };
  }
  const message =
    outcome.problem === 'not_found' ? VISITOR_MESSAGES.en.not_found : refusalForVisitor('en', outcome.reason, mode);
  // The home refused is named, with the ways on: its other estimate, and the search with its address in it.
  const property = outcome.problem === 'not_found' ? undefined : outcome.property;
  const name = property && [property.project, property.address, property.unitType].filter(Boolean).join(', ');
  const other = mode === 'sale' ? 'rent' : 'sale';
  const heading = name ? `No ${mode} estimate for ${name}` : 'No estimate';
  const ways = property
    ? html`<p><a href="/valuation/${encodeURIComponent(id)}?mode=${other}">See its ${other} estimate</a>, or search for another home.</p>`
    : html`<p>Search for the home again below.</p>`;
  return {
    status: outcome.problem === 'not_found' ? 404 : 422,
    html: page(
      'Service Valuations (sandbox)',
      html`<h1>${heading}</h1><p>${message}</p>${ways}${searchForm(property?.project ?? property?.address ?? '')}`,
    ),
  };
}
