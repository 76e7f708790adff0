import { html, nothing } from 'lit/html.js';
import { createClient, type WidgetClient } from '../api/client.js';
import type { Estimate, Mode, Suggestion } from '../api/types.js';
import { WidgetError } from '../api/widget-error.js';
import { checkWidgetKey } from '../api/widget-key.js';
import { renderEstimate, renderEstimateSkeleton, renderModeSwitch } from '../estimate/estimate-template.js';
import { DEFAULT_SORT, nextSort, type SortOrder } from '../estimate/sort-comparables.js';
import { emit } from '../events/events.js';
import { type AreaUnit, formatMoney } from '../format/format.js';
import { tellSiteOwnerError, warnSiteOwner } from '../internal/console.js';
import { type Changed, LitHost } from '../internal/lit-host.js';
import { PopupController } from '../search/popup-controller.js';
import { SearchController } from '../search/search-controller.js';
import { renderSearch } from '../search/search-template.js';
import { loadFont, logoUrl } from './assets.js';
import { hostProblem, isSetupProblem, keyProblem, type Problem } from './messages.js';
import { styles } from './service-valuation.styles.js';

type EstimateStatus = 'idle' | 'loading' | 'done' | 'error';

const DEFAULT_DISCLAIMER =
  'Estimates are automated from recent transactions. They are not a valuation or appraisal; do not rely on them to buy, sell, rent or borrow.';
const SLOW_ESTIMATE_MS = 400;

/** The widget host this module was served from: `widget.js` and its chunks live side by side. */
const ownHost = () => new URL(/* @vite-ignore */ './', import.meta.url).href;

/**
 * A free property valuation panel: search a Singapore address, postal code or condo and read a
 * sale or rent estimate with the comparable transactions behind it.
 *
 * @tagname service-valuation
 * @summary Embeddable sale and rent estimate for Singapore properties.
 *
 * @attr data-theme - `dark`, `auto` (follows the visitor's system), or light (anything else). Styles
 * read the attribute itself, so changing it re-themes the panel at once.
 *
 * @fires service-valuation-search - The visitor chose a suggestion. `detail`: `{ id, kind }`.
 * @fires service-valuation-estimate - An estimate is shown. `detail`: `{ propertyId, mode, currency, value, low, high, confidence }`.
 * @fires service-valuation-mode-change - The visitor switched between sale and rent. `detail`: `{ mode }`.
 * @fires service-valuation-error - Something failed. `detail`: `{ code, forSiteOwner }`.
 *
 * @csspart base - The panel.
 * @csspart search - The search field and its popup.
 * @csspart input - The search input.
 * @csspart listbox - The list of suggestions.
 * @csspart option - One suggestion.
 * @csspart mode - The sale / rent switch.
 * @csspart estimate - The estimate, or its loading skeleton.
 * @csspart value - The estimated value.
 * @csspart chart - The chart of comparables.
 * @csspart comparables - The table of comparable transactions.
 *
 * @cssprop --sv-accent - Accent colour (buttons, the active option, focus rings, the chart).
 * @cssprop --sv-accent-contrast - Text colour on the accent.
 * @cssprop --sv-radius - Corner radius of the panel.
 * @cssprop --sv-font-family - Font stack; the widget's own font comes first.
 * @cssprop --sv-font-size - Base font size in px (the search input never goes under 16px).
 */
export class ServiceValuation extends LitHost {
  static override styles = styles;
  static override attributes = {
    'data-embed-key': 'embedKey',
    'data-mode': 'mode',
    'data-query': 'query',
    'data-widget-host': 'widgetHost',
  };
  static {
    this.reactive(...Object.values(this.attributes));
    this.reactive('setupProblem', 'selected', 'estimateStatus', 'estimate', 'estimateProblem', 'estimateSlow', 'announcement', 'unit', 'sort');
  }

  /**
   * The site's publishable widget key, `svce_test_…` or `svce_live_…`.
   * @attr data-embed-key
   */
  declare embedKey: string;
  /**
   * `sale` (default) or `rent`.
   * @attr data-mode
   */
  declare mode: Mode;
  /**
   * Text to search for when the panel opens, e.g. a listing's postal code.
   * @attr data-query
   */
  declare query: string;
  /**
   * Base URL of the widget host. Defaults to where this script was loaded from.
   * @attr data-widget-host
   */
  declare widgetHost: string;

  private declare setupProblem?: Problem;
  private declare selected?: Suggestion;
  private declare estimateStatus: EstimateStatus;
  private declare estimate?: Estimate;
  private declare estimateProblem?: Problem;
  private declare estimateSlow: boolean;
  private declare announcement: string;
  private declare unit: AreaUnit;
  private declare sort: SortOrder;

  private client?: WidgetClient;
  /** `widgetHost` as an absolute URL ending in `/`. */
  private baseUrl = ownHost();
  private estimateRequest?: AbortController;
  private slowTimer?: ReturnType<typeof setTimeout>;
  private reported = new Set<string>();
  private readonly search = new SearchController(this, () => (this.setupProblem ? undefined : this.client));

  constructor() {
    super();
    this.embedKey = '';
    this.mode = 'sale';
    this.query = '';
    this.widgetHost = ownHost();
    this.estimateStatus = 'idle';
    this.estimateSlow = false;
    this.announcement = '';
    this.unit = 'sqft';
    this.sort = DEFAULT_SORT;
    this.search.onError = (error) => (this.announcement = this.onHostError(error).visitor);
    this.search.onAnnounce = (message) => (this.announcement = message);
    this.search.hasFocus = () => this.shadowRoot?.activeElement?.id === 'sv-input';
    new PopupController(
      this,
      () => ({
        popup: this.renderRoot.querySelector<HTMLElement>('.popup'),
        anchor: this.renderRoot.querySelector<HTMLElement>('.input-wrap'),
        open: this.search.open,
      }),
      () => this.search.close(),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.estimateRequest?.abort();
    clearTimeout(this.slowTimer);
  }

  protected override willUpdate(changed: Changed): void {
    if (changed.has('embedKey') || changed.has('widgetHost')) {
      this.baseUrl = resolveHost(this.widgetHost);
      const key = this.embedKey.trim();
      const problem = checkWidgetKey(key);
      this.client = problem ? undefined : createClient({ host: this.baseUrl, key });
      this.setupProblem = problem ? keyProblem(problem, key) : undefined;
      if (problem) {
        this.report(this.setupProblem!.siteOwner!, problem === 'platform_key');
        emit(this, 'service-valuation-error', { code: problem, forSiteOwner: true });
      }
    }
    if (changed.has('mode')) {
      if (this.mode !== 'rent') this.mode = 'sale';
      if (changed.get('mode') !== undefined && this.selected) void this.loadEstimate();
    }
    if (changed.has('query') && this.query && !this.search.query) this.search.prefill(this.query);
  }

  protected override firstUpdated(): void {
    void loadFont(this.baseUrl);
  }

  protected override render() {
    return html`<section class="panel" part="base" aria-labelledby="sv-title">
      <header>
        <img src=${logoUrl(this.baseUrl)} alt="" width="28" height="28" />
        <div class="brand">
          <span class="brand-name">Service Valuations</span>
          <h2 id="sv-title">What is this home worth?</h2>
        </div>
      </header>
      ${this.setupProblem
        ? html`<div class="notice" part="setup-error" role="alert"><p>${this.setupProblem.visitor}</p></div>`
        : html`${renderSearch(this.search, { onChoose: (s) => this.choose(s) })}
          ${renderModeSwitch(this.mode, (mode) => this.changeMode(mode))} ${this.renderResult()}`}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
      ${this.renderFooter()}
    </section>`;
  }

  private renderResult() {
    switch (this.estimateStatus) {
      case 'idle':
        return nothing;
      case 'loading':
        return renderEstimateSkeleton(this.estimateSlow);
      case 'error':
        return html`<div class="notice" part="estimate-error" role="alert">
          <p>${this.estimateProblem?.visitor}</p>
          ${this.estimateProblem?.retry
            ? html`<button type="button" class="button" @click=${() => this.loadEstimate()}>Try again</button>`
            : nothing}
        </div>`;
      case 'done':
        return this.estimate
          ? renderEstimate(this.estimate, {
              unit: this.unit,
              sort: this.sort,
              fullValuationUrl: safeLink(this.estimate.attribution.url),
              onUnitChange: (unit) => (this.unit = unit),
              onSort: (key) => (this.sort = nextSort(this.sort, key)),
            })
          : nothing;
    }
  }

  /** The attribution and the disclaimer: in every state, and not a part, so no page can hide them. */
  private renderFooter() {
    const attribution = this.estimate?.attribution;
    const href = safeLink(attribution?.url) ?? new URL('/', this.baseUrl).href;
    return html`<footer>
      <p class="attribution">
        <a href=${href} target="_blank" rel="noopener noreferrer"
          >${attribution ? attribution.text : 'Valuations by Service Valuations'}<span class="visually-hidden">
            (opens in a new tab)</span
          ></a
        >
      </p>
      <p class="disclaimer">${this.estimate?.disclaimer ?? DEFAULT_DISCLAIMER}</p>
    </footer>`;
  }

  private choose(suggestion: Suggestion): void {
    this.search.choose(suggestion);
    this.selected = suggestion;
    emit(this, 'service-valuation-search', { id: suggestion.id, kind: suggestion.kind });
    void this.loadEstimate();
  }

  private changeMode(mode: Mode): void {
    this.mode = mode;
    emit(this, 'service-valuation-mode-change', { mode });
  }

  private async loadEstimate(): Promise<void> {
    const client = this.client;
    const selected = this.selected;
    if (!client || !selected) return;
    this.estimateRequest?.abort();
    const request = new AbortController();
    this.estimateRequest = request;
    const mode = this.mode;
    this.estimateStatus = 'loading';
    this.estimate = undefined;
    this.estimateSlow = false;
    clearTimeout(this.slowTimer);
    this.slowTimer = setTimeout(() => (this.estimateSlow = true), SLOW_ESTIMATE_MS);
    try {
      const estimate = await client.estimate(selected.id, mode, request.signal);
      // A newer request (another property, or the other mode) owns the panel now.
      if (request.signal.aborted || estimate.mode !== mode) return;
      this.estimate = estimate;
      this.estimateStatus = 'done';
      this.announcement = `Estimated ${mode === 'sale' ? 'sale price' : 'monthly rent'} ${formatMoney(estimate.value)}, from ${estimate.comparables.length} transactions.`;
      const { value, low, high, confidence, currency } = estimate;
      emit(this, 'service-valuation-estimate', { propertyId: estimate.property.id, mode, currency, value, low, high, confidence });
    } catch (error) {
      if (request.signal.aborted) return;
      const widgetError = error instanceof WidgetError ? error : new WidgetError('network', String(error));
      this.estimateProblem = this.onHostError(widgetError);
      this.estimateStatus = 'error';
      this.announcement = this.estimateProblem.visitor;
    } finally {
      if (this.estimateRequest === request) {
        clearTimeout(this.slowTimer);
        this.estimateSlow = false;
      }
    }
  }

  /** Reports a failure to the site owner where it is theirs to fix, and returns it in words. */
  private onHostError(error: WidgetError): Problem {
    const problem = hostProblem(error);
    const setup = isSetupProblem(error);
    if (setup) this.setupProblem = problem;
    if (problem.siteOwner) this.report(problem.siteOwner, setup);
    emit(this, 'service-valuation-error', { code: error.code, forSiteOwner: Boolean(problem.siteOwner) });
    return problem;
  }

  /** Each distinct message once per widget: a site owner needs to read it, not scroll past it. */
  private report(message: string, asError: boolean): void {
    if (this.reported.has(message)) return;
    this.reported.add(message);
    if (asError) tellSiteOwnerError(message);
    else warnSiteOwner(message);
  }
}

/** `url` (resolved against `base`) when it is http(s): nothing else becomes a link or a host. */
function httpUrl(url: string | undefined, base?: string): URL | undefined {
  try {
    const parsed = new URL(url!, base);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves the host a page or the loader gave against the page, falling back to this script's own. */
function resolveHost(widgetHost: string): string {
  const url = httpUrl(widgetHost || ownHost(), document.baseURI);
  if (!url) warnSiteOwner(`data-widget-host "${widgetHost}" is not an http(s) URL; using ${ownHost()}.`);
  const href = url?.href ?? ownHost();
  return href.endsWith('/') ? href : `${href}/`;
}

/** Only http(s) links are rendered; anything else (javascript:, data:) is not a link. */
const safeLink = (url: string | undefined) => (url ? httpUrl(url)?.href : undefined);
