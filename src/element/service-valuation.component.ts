import { html } from 'lit/html.js';
import type { PublicAttribute } from '../api/attributes.js';
import { createClient, type WidgetClient } from '../api/client.js';
import type { Language, Mode, Suggestion } from '../api/types.js';
import type { WidgetError } from '../api/widget-error.js';
import { checkWidgetKey } from '../api/widget-key.js';
import { EstimateController } from '../estimate/estimate-controller.js';
import { renderEstimateResult, renderHomeType, renderModeSwitch } from '../estimate/estimate-template.js';
import { emit } from '../events/events.js';
import { tellSiteOwnerOnce } from '../internal/console.js';
import { type Changed, LitHost, ReactiveState } from '../internal/lit-host.js';
import { SearchController } from '../search/search-controller.js';
import { renderSearch } from '../search/search-template.js';
import { hostProblem, isSetupProblem, keyProblem, type Problem } from '../words/problems.js';
import { loadWords, resolveLanguage, useWords, words, type Words } from '../words/words.js';
import { resolveApiBase } from './api-base.js';
import { ownBase } from './own-base.js';
import { afterFirstPaint, logoUrl, registerFont } from './assets.js';
import { failureBox } from './failure-box.js';
import { renderFooter } from './panel-footer.js';
import { renderHeader } from './panel-header.js';
import { styles } from './service-valuation.styles.js';

/**
 * A free property valuation panel: search a Singapore address, postal code or condo and read a
 * sale or rent estimate with the comparable transactions behind it.
 *
 * @tagname service-valuation
 * @summary Embeddable sale and rent estimate for Singapore properties.
 *
 * @attr data-theme - `dark`, `auto` (follows the visitor's system), or light (anything else). Styles
 * read the attribute itself, so changing it re-themes the panel at once.
 * @attr data-lang - `en` (default), `zh` (Simplified Chinese), `ms`, `ta`, or `auto` (the page's
 * `<html lang>` when it is one of these). Changing it re-renders the panel in the new language.
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
 * @csspart popup - The suggestions' popup (not forwarded by the snippet's container).
 * @csspart spinner - The search field's busy indicator (not forwarded by the snippet's container).
 * @csspart search-empty - "No matches", in the popup.
 * @csspart search-error - A failed search, in the popup.
 * @csspart estimate-error - A failed estimate.
 * @csspart setup-error - The widget is not set up for this website.
 * @csspart full-valuation - The link to the property's full valuation (not forwarded by the snippet's container).
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
    'data-api-base': 'apiBase',
    'data-lang': 'language',
    // data-theme is read by the styles themselves (`:host([data-theme=dark])`).
  } satisfies Record<Exclude<PublicAttribute, 'data-theme'>, keyof ServiceValuation>;
  static {
    this.reactive(...Object.values(this.attributes));
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
   * Base URL of the widget host API. Defaults to where this script was loaded from.
   * @attr data-api-base
   */
  declare apiBase: string;
  /**
   * The panel's language: `en`, `zh`, `ms`, `ta` or `auto`.
   * @attr data-lang
   */
  declare language: string;

  /** The words the panel is shown in; none until the first language's file has arrived. */
  readonly #words = new ReactiveState<Words | undefined>(this, undefined);
  /** Messages are worded in this panel's language, whichever panel rendered last. */
  readonly #useOwnWords = () => this.#words.value && useWords(this.#words.value);
  /** The language's file was refused: the failure box, in the panel's frame and colours, until another is shown. */
  readonly #wordsFailed = new ReactiveState(this, false);
  /** The shown words' language, which the widget host words its answers in. */
  #language: Language = 'en';
  /** Worded when shown, so a change of language rewords it. */
  readonly #setupProblem = new ReactiveState<(() => Problem) | undefined>(this, undefined);
  readonly #announcement = new ReactiveState(this, '');
  /** Logo and font come after the first paint: neither may hold up the search box. */
  readonly #decorated = new ReactiveState(this, false);
  #client?: WidgetClient;
  /** `apiBase` as an absolute URL ending in `/`. */
  #baseUrl = ownBase();
  readonly #tellSiteOwner = tellSiteOwnerOnce();
  /** No client while the widget is not set up: nothing is sent until the site owner fixes it. */
  readonly #usableClient = () => (this.#setupProblem.value ? undefined : this.#client);
  readonly #search = new SearchController(this, this.#usableClient);
  readonly #estimate = new EstimateController(this, this.#usableClient);

  constructor() {
    super();
    this.embedKey = '';
    this.mode = 'sale';
    this.query = '';
    this.apiBase = ownBase();
    this.language = '';
    const announce = (say: () => string) => {
      this.#useOwnWords();
      this.#announcement.value = say();
    };
    this.#search.onAnnounce = this.#estimate.onAnnounce = announce;
    this.#search.onError = this.#estimate.onError = (error) => announce(() => this.#reportFailure(error).visitor);
  }

  /** Shows `data-lang`'s language; the newest choice wins over a file on its way; a refused file is no fallback. */
  #changeLanguage(): void {
    const requested = this.language;
    const catalogue = loadWords(resolveLanguage(requested), this.#baseUrl);
    if (!(catalogue instanceof Promise)) return this.#showWords(catalogue);
    catalogue.then(
      (loaded) => requested === this.language && this.#showWords(loaded),
      (error: WidgetError) => requested === this.language && this.#reportFailure(error),
    );
  }

  #showWords(catalogue: Words): void {
    const shown = this.#words.value;
    this.#words.value = catalogue;
    this.#wordsFailed.value = false;
    // Read through `words`: the build renames the catalogue's keys only where they are read so.
    useWords(catalogue);
    this.#language = words.lang;
    // The service words the estimate's attribution and disclaimer in the language: ask again.
    if (shown && shown !== catalogue) void this.#estimate.load(undefined, this.mode);
  }

  /** Fills the search field with `text` and looks it up, as data-query does; suggestions open once the visitor is in it. */
  search(text: string): void {
    this.#search.prefill(String(text ?? ''));
  }

  /** Empties the search field and takes away the estimate: the panel as it first appeared. */
  clear(): void {
    this.#search.clear();
    this.#estimate.request.reset();
    this.#estimate.selected = undefined;
    this.#estimate.types = [];
  }

  protected override willUpdate(changed: Changed): void {
    if (changed.has('embedKey') || changed.has('apiBase')) this.#configure();
    if (changed.has('mode')) {
      if (this.mode !== 'rent') this.mode = 'sale';
      if (changed.get('mode') !== undefined) void this.#estimate.load(undefined, this.mode);
    }
    // At first, and whenever a page sets data-query again (a listing page in a single-page app).
    if (changed.has('query') && this.query) this.#search.prefill(this.query);
    if (changed.has('language')) this.#changeLanguage();
  }

  protected override firstUpdated(): void {
    afterFirstPaint(() => {
      registerFont(this.#baseUrl);
      // An SVG image is parsed into a document of its own on the main thread (5-20 ms at 1× CPU).
      this.#decorated.value = true;
    });
  }

  protected override render() {
    if (this.#wordsFailed.value) return html`<section class="panel" part="base">${failureBox(this.#baseUrl)}</section>`;
    if (!this.#words.value) return html``;
    this.#useOwnWords();
    const setupProblem = this.#setupProblem.value?.();
    return html`<section class="panel" part="base" lang=${words.lang} aria-labelledby="sv-title">
      ${renderHeader(this.#decorated.value ? logoUrl(this.#baseUrl) : undefined)}
      ${
        setupProblem
          ? html`<div class="notice" part="setup-error" role="alert"><p>${setupProblem.visitor}</p></div>`
          : html`${renderSearch(this.#search, { onChoose: (suggestion) => this.#handleChoose(suggestion) })}
          ${renderModeSwitch(this.mode, (mode) => this.#handleModeChange(mode))} ${renderHomeType(this.#estimate)}
          ${renderEstimateResult(this.#estimate)}`
      }
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.#announcement.value}</div>
      ${renderFooter(this.#estimate.estimate, this.#baseUrl)}
    </section>`;
  }

  #handleChoose(suggestion: Suggestion): void {
    this.#search.choose(suggestion);
    emit(this, 'service-valuation-search', { id: suggestion.id, kind: suggestion.kind });
    void this.#estimate.load(suggestion, this.mode);
  }

  #handleModeChange(mode: Mode): void {
    this.mode = mode;
    emit(this, 'service-valuation-mode-change', { mode });
  }

  /** Reads the key and the API base: a client when both are usable, a setup problem when not. */
  #configure(): void {
    this.#baseUrl = resolveApiBase(this.apiBase);
    const key = this.embedKey.trim();
    const problem = checkWidgetKey(key);
    this.#client = problem
      ? undefined
      : createClient({ baseUrl: this.#baseUrl, key, language: () => this.#language, unit: () => this.#estimate.unit });
    this.#setupProblem.value = problem ? () => keyProblem(problem, key) : undefined;
    if (!problem) return;
    // prettier-ignore
    this.#tellSiteOwner(keyProblem(problem, key).siteOwner!, problem, this.#baseUrl, problem === 'platform_key' ? 'error' : 'warn');
    emit(this, 'service-valuation-error', { code: problem, forSiteOwner: true });
  }

  /** Reports a failure to the site owner where it is theirs to fix, and returns it in words. */
  #reportFailure(error: WidgetError): Problem {
    this.#useOwnWords();
    const problem = hostProblem(error);
    const setup = isSetupProblem(error);
    if (setup) this.#setupProblem.value = () => hostProblem(error);
    if (error.code === 'language_failed') this.#wordsFailed.value = true;
    if (problem.siteOwner) this.#tellSiteOwner(problem.siteOwner, error.code, this.#baseUrl, setup ? 'error' : 'warn');
    emit(this, 'service-valuation-error', { code: error.code, forSiteOwner: Boolean(problem.siteOwner) });
    return problem;
  }
}
