/**
 * The state of the address search: what was typed, what the host suggested, which option is
 * active, and the one request in flight. Rendering lives in search-template.ts.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetClient } from '../api/client.js';
import type { Suggestion } from '../api/types.js';
import { WidgetError } from '../api/widget-error.js';

export type SearchStatus = 'idle' | 'typing' | 'loading' | 'done' | 'error';

export const MIN_QUERY_CHARS = 2;
export const MAX_QUERY_CHARS = 100;
export const DEBOUNCE_MS = 250;
/** A loading indicator only once an answer is noticeably late. */
export const SLOW_AFTER_MS = 400;

const POSTAL_CODE = /^[0-9]{6}$/;

/** What the host is asked for: spaces collapsed, and nothing under two meaningful characters. */
export function normaliseQuery(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
}

export class SearchController implements ReactiveController {
  query = '';
  suggestions: Suggestion[] = [];
  status: SearchStatus = 'idle';
  error?: WidgetError;
  open = false;
  activeIndex = -1;
  slow = false;
  /** The query the shown suggestions answer. */
  answeredQuery = '';

  private debounceTimer?: ReturnType<typeof setTimeout>;
  private slowTimer?: ReturnType<typeof setTimeout>;
  private inFlight?: AbortController;
  private readonly cache = new Map<string, Suggestion[]>();
  private quiet = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly client: () => WidgetClient | undefined,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** The visitor typed. `composing` is true during IME composition, when nothing is sent. */
  input(text: string, composing = false): void {
    this.query = text.slice(0, MAX_QUERY_CHARS);
    this.activeIndex = -1;
    const q = normaliseQuery(this.query);
    this.cancel();
    if (q.replace(/\s/g, '').length < MIN_QUERY_CHARS) {
      this.status = 'idle';
      this.suggestions = [];
      this.open = false;
    } else if (!composing) {
      this.status = 'typing';
      // A complete postal code is unambiguous: no reason to wait for more keys.
      if (POSTAL_CODE.test(q.replace(/\s/g, ''))) void this.fetch(q);
      else this.debounceTimer = setTimeout(() => void this.fetch(q), DEBOUNCE_MS);
    }
    this.host.requestUpdate();
  }

  /** Fills in a search for the visitor (data-query): suggestions load, the list waits for focus. */
  prefill(text: string): void {
    this.quiet = true;
    this.input(text);
  }

  retry(): void {
    const q = normaliseQuery(this.query);
    if (q) void this.fetch(q);
  }

  move(delta: number): void {
    if (!this.open || this.suggestions.length === 0) {
      this.show();
      return;
    }
    const count = this.suggestions.length;
    this.activeIndex = this.activeIndex < 0 && delta < 0 ? count - 1 : (this.activeIndex + delta + count) % count;
    this.host.requestUpdate();
  }

  moveTo(index: number): void {
    if (!this.open || this.suggestions.length === 0) return;
    this.activeIndex = Math.max(0, Math.min(index, this.suggestions.length - 1));
    this.host.requestUpdate();
  }

  show(): void {
    if (this.status === 'done' || this.status === 'error') {
      this.open = true;
      this.host.requestUpdate();
    }
  }

  close(): void {
    this.open = false;
    this.activeIndex = -1;
    this.host.requestUpdate();
  }

  clear(): void {
    this.cancel();
    this.query = '';
    this.suggestions = [];
    this.status = 'idle';
    this.close();
  }

  /** After a choice: the input shows the chosen text and the list closes. */
  choose(suggestion: Suggestion): void {
    this.cancel();
    this.query = suggestion.text;
    this.close();
  }

  get active(): Suggestion | undefined {
    return this.suggestions[this.activeIndex];
  }

  private cancel(): void {
    clearTimeout(this.debounceTimer);
    clearTimeout(this.slowTimer);
    this.inFlight?.abort();
    this.inFlight = undefined;
    this.slow = false;
  }

  private async fetch(q: string): Promise<void> {
    const client = this.client();
    if (!client) return;
    this.cancel();
    const cached = this.cache.get(q.toLowerCase());
    if (cached) {
      this.answer(q, cached);
      return;
    }
    const controller = new AbortController();
    this.inFlight = controller;
    this.status = 'loading';
    this.slowTimer = setTimeout(() => {
      this.slow = true;
      this.host.requestUpdate();
    }, SLOW_AFTER_MS);
    this.host.requestUpdate();
    try {
      const list = await client.suggest(q, controller.signal);
      if (controller.signal.aborted) return;
      this.cache.set(q.toLowerCase(), list.suggestions);
      this.answer(q, list.suggestions);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.inFlight = undefined;
      clearTimeout(this.slowTimer);
      this.slow = false;
      this.status = 'error';
      this.error = error instanceof WidgetError ? error : new WidgetError('network', String(error));
      this.suggestions = [];
      this.open = true;
      this.host.requestUpdate();
      this.onError?.(this.error);
    }
  }

  private answer(q: string, suggestions: Suggestion[]): void {
    this.inFlight = undefined;
    clearTimeout(this.slowTimer);
    this.slow = false;
    this.status = 'done';
    this.error = undefined;
    this.answeredQuery = q;
    this.suggestions = suggestions;
    this.activeIndex = -1;
    this.open = !this.quiet || Boolean(this.hasFocus?.());
    this.quiet = false;
    this.host.requestUpdate();
    const count = suggestions.length;
    if (!this.open) return;
    this.onAnnounce?.(
      count === 0
        ? `No matches for ${q}.`
        : `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`,
    );
  }

  /** Whether the visitor is in the search field (a prefilled answer opens only then). */
  hasFocus?: () => boolean;

  /** Called with a sentence for the live region whenever the visible results change. */
  onAnnounce?: (message: string) => void;

  /** Called when a search fails, so the element can report setup problems once. */
  onError?: (error: WidgetError) => void;
}
