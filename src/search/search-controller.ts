/**
 * The state of the address search: what was typed, what the widget host suggested, which option
 * is active, and the one request in flight. Rendering lives in search-template.ts.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetClient } from '../api/client.js';
import { SearchQueryLength } from '../api/generated/checks.js';
import type { Suggestion, SuggestionList } from '../api/types.js';
import type { WidgetError } from '../api/widget-error.js';
import { LatestRequest } from '../internal/latest-request.js';
import { words } from '../words/words.js';
import { PopupController } from './popup-controller.js';
import { ANCHOR_CLASS, INPUT_ID, POPUP_CLASS } from './search-parts.js';

export const MIN_QUERY_CHARS = SearchQueryLength.min;
export const MAX_QUERY_CHARS = SearchQueryLength.max;
export const DEBOUNCE_MS = 250;

const POSTAL_CODE = /^[0-9]{6}$/;

/** What the widget host is asked for: spaces collapsed, and nothing under two meaningful characters. */
export function normaliseQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
}

export class SearchController implements ReactiveController {
  query = '';
  open = false;
  activeIndex = -1;

  /** The suggestions request: its `error` and `slow` are the search's own. */
  readonly request: LatestRequest<SuggestionList>;
  #debounceTimer?: ReturnType<typeof setTimeout>;
  readonly #cache = new Map<string, SuggestionList>();
  /** Set by a prefill (data-query): its answer opens the list only if the visitor is in the field. */
  #prefilled = false;
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #client: () => WidgetClient | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, client: () => WidgetClient | undefined) {
    this.#host = host;
    this.#client = client;
    host.addController(this);
    this.request = new LatestRequest(host);
    const find = (className: string) => host.shadowRoot?.querySelector<HTMLElement>(`.${className}`) ?? null;
    new PopupController(
      host,
      () => ({ popup: find(POPUP_CLASS), anchor: find(ANCHOR_CLASS), open: this.open }),
      () => this.close(),
    );
  }

  hostDisconnected(): void {
    this.#cancel();
  }

  /** The suggestions shown: the last answer's, kept while the next one loads. */
  get suggestions(): Suggestion[] {
    return (this.request.status !== 'error' && this.request.value?.suggestions) || [];
  }

  /** The query the shown suggestions answer. */
  get answeredQuery(): string {
    return this.request.value?.query ?? '';
  }

  get active(): Suggestion | undefined {
    return this.suggestions[this.activeIndex];
  }

  /** The visitor typed. `composing` is true during IME composition, when nothing is sent. */
  input(text: string, composing = false): void {
    this.query = text.slice(0, MAX_QUERY_CHARS);
    this.activeIndex = -1;
    const q = normaliseQuery(this.query);
    this.#cancel();
    if (q.replace(/\s/g, '').length < MIN_QUERY_CHARS) {
      this.request.reset();
      this.open = false;
    } else if (!composing) {
      // A complete postal code is unambiguous: no reason to wait for more keys.
      if (POSTAL_CODE.test(q.replace(/\s/g, ''))) void this.#fetch(q);
      else this.#debounceTimer = setTimeout(() => void this.#fetch(q), DEBOUNCE_MS);
    }
    this.#host.requestUpdate();
  }

  /** Fills in a search for the visitor (data-query): suggestions load, the list waits for focus. */
  prefill(text: string): void {
    this.#prefilled = true;
    this.input(text);
  }

  retry(): void {
    const q = normaliseQuery(this.query);
    if (q) void this.#fetch(q);
  }

  move(delta: number): void {
    if (!this.open || this.suggestions.length === 0) {
      this.show();
      return;
    }
    const count = this.suggestions.length;
    this.activeIndex = this.activeIndex < 0 && delta < 0 ? count - 1 : (this.activeIndex + delta + count) % count;
    this.#host.requestUpdate();
  }

  show(): void {
    // Not while typing (a request is yet to be sent), nor before any answer.
    const answered = this.request.status === 'complete' || this.request.status === 'error';
    if (answered && this.#debounceTimer === undefined) {
      this.open = true;
      this.#host.requestUpdate();
    }
  }

  close(): void {
    this.open = false;
    this.activeIndex = -1;
    this.#host.requestUpdate();
  }

  clear(): void {
    this.#cancel();
    this.request.reset();
    this.query = '';
    this.close();
  }

  /** After a choice: the input shows the chosen text and the list closes. */
  choose(suggestion: Suggestion): void {
    this.#cancel();
    this.query = suggestion.text;
    this.close();
  }

  #cancel(): void {
    clearTimeout(this.#debounceTimer);
    this.#debounceTimer = undefined;
    this.request.abort();
  }

  async #fetch(q: string): Promise<void> {
    const client = this.#client();
    if (!client) return;
    this.#cancel();
    const key = q.toLowerCase();
    const cached = this.#cache.get(key);
    if (cached) this.request.resolve(cached);
    else if (!(await this.request.run((signal) => client.suggest(q, signal)))) return;

    this.#host.requestUpdate();
    if (this.request.status === 'error') {
      this.open = true;
      this.onError?.(this.request.error!);
      return;
    }
    const answer = this.request.value!;
    this.#cache.set(key, answer);
    this.activeIndex = -1;
    this.open = !this.#prefilled || this.#host.shadowRoot?.activeElement?.id === INPUT_ID;
    this.#prefilled = false;
    const count = answer.suggestions.length;
    if (this.open) this.onAnnounce?.(() => (count === 0 ? words.noMatches(q) : words.announceSuggestions(count)));
  }

  /** Called whenever the visible results change, with their sentence for the live region (worded in the element's language). */
  onAnnounce?: (say: () => string) => void;

  /** Called when a search fails, so the element can report setup problems once. */
  onError?: (error: WidgetError) => void;
}
