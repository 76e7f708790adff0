/**
 * The estimate for the chosen property: the one request in flight, what the visitor chose to see
 * (unit, sort order), and what the page and the live region hear when it arrives. Rendering lives
 * in estimate-template.ts.
 */
import type { ReactiveControllerHost } from 'lit';
import type { WidgetClient } from '../api/client.js';
import type { Estimate, HomeAsked, HomeType, Mode, Suggestion } from '../api/types.js';
import { WidgetError } from '../api/widget-error.js';
import { emit } from '../events/events.js';
import { type AreaUnit, formatMoney, SQFT_PER_SQM } from '../format/format.js';
import { LatestRequest } from '../internal/latest-request.js';
import { words } from '../words/words.js';
import { ChartWidth } from './chart-width.js';
import { type ComparablesView, FIRST_ROWS } from './comparables-table.js';
import { DEFAULT_SORT, type SortChoice } from './sort-comparables.js';

export class EstimateController implements ComparablesView {
  unit: AreaUnit = 'sqft';
  sort: SortChoice = DEFAULT_SORT;
  /** Every comparable, or the first few (a new estimate starts with the few). */
  showAll = false;
  /** The property the estimate is for, once the visitor chose one. */
  selected?: Suggestion;
  /** The storey and floor area the visitor gave for it (none at first). */
  home: HomeAsked = {};
  /** The kinds of home at its address, as its last estimate named them. */
  types: HomeType[] = [];
  /**
   * A storey the host refused (above its block's highest sale), with its sentence for the visitor: the
   * last estimate stays on show, the form keeps what was typed, and the sentence stands beside the field.
   * (The form's own limits keep the floor area within what the host takes.)
   */
  homeProblem?: { message: string; estimate: Estimate };

  readonly request: LatestRequest<Estimate>;
  /** Whether the panel is wide enough for the chart's wide drawing. */
  readonly chart: ChartWidth;
  #mode: Mode = 'sale';
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #client: () => WidgetClient | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, client: () => WidgetClient | undefined) {
    this.#host = host;
    this.#client = client;
    // Its request is the host's controller: it aborts when the element leaves the page.
    this.request = new LatestRequest(host);
    this.chart = new ChartWidth(host);
  }

  /** The estimate on show: only the newest request's, never one still loading. */
  get estimate(): Estimate | undefined {
    return this.request.status === 'complete' ? this.request.value : undefined;
  }

  /** Values `selected` in `mode`; a newer call (another property, the other mode) supersedes this one. */
  async load(selected: Suggestion | undefined = this.selected, mode: Mode = this.#mode): Promise<void> {
    const client = this.#client();
    if (!client || !selected) return;
    if (selected !== this.selected) {
      this.showAll = false;
      this.home = {};
      // Another address: its kinds come with its estimate.
      if (!this.types.some((type) => type.id === selected.id)) this.types = [];
    }
    this.selected = selected;
    const shown = this.estimate ?? this.homeProblem?.estimate;
    this.homeProblem = undefined;
    const home = this.home;
    this.#mode = mode;
    const current = await this.request.run(async (signal) => {
      const estimate = await client.estimate(selected.id, mode, signal, home);
      if (estimate.mode !== mode)
        throw new WidgetError('bad_response', `The widget host answered in ${estimate.mode} mode.`);
      return estimate;
    });
    if (!current) return;
    const { error, value: estimate } = this.request;
    if (error) {
      const { parameter, visitorMessage } = error.details;
      if (parameter === 'storey' && visitorMessage && shown?.property.id === selected.id)
        this.homeProblem = { message: visitorMessage, estimate: shown };
      // Another refusal: trying again asks for the home as its data has it.
      else if (error.code === 'invalid_request') this.home = {};
      this.onError?.(error);
      return;
    }
    if (!estimate) return;
    this.types = estimate.property.unitTypes;
    this.onAnnounce?.(() => words.announceEstimate(mode, formatMoney(estimate.value), estimate.comparables.length));
    const { value, low, high, confidence, currency } = estimate;
    emit(this.#host, 'service-valuation-estimate', {
      propertyId: estimate.property.id,
      mode,
      currency,
      value,
      low,
      high,
      confidence,
    });
  }

  /** The home form's storey and floor area (in the unit shown), sent with the same property and mode. */
  handleHome = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const { storey, area } = (event.target as HTMLFormElement).elements as unknown as Record<string, HTMLInputElement>;
    const sqm = area.valueAsNumber / (this.unit === 'sqft' ? SQFT_PER_SQM : 1);
    // An empty field is NaN, which the request leaves out.
    this.home = { storey: storey.valueAsNumber, floorAreaSqm: Math.round(sqm * 10) / 10 };
    // The panel is drawn anew for the answer: the keyboard stays at the form's button, or goes to a field refused.
    await this.load();
    await this.#host.updateComplete;
    this.#host.shadowRoot?.querySelector<HTMLElement>('.home [aria-invalid], .home button')?.focus();
  };

  /** Another kind of home at the same address (a flat type of the block), valued afresh. */
  handleHomeType = (id: string): Promise<void> => this.load({ ...this.selected!, id });

  retry(): void {
    void this.load();
  }

  handleUnitChange(unit: AreaUnit): void {
    this.unit = unit;
    this.#host.requestUpdate();
  }

  handleSort(choice: SortChoice): void {
    this.sort = choice;
    this.#host.requestUpdate();
  }

  /** Shows every comparable, and moves focus to the first one that was hidden. */
  async handleShowAll(): Promise<void> {
    this.showAll = true;
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    this.#host.shadowRoot?.querySelector<HTMLElement>(`tbody tr:nth-child(${FIRST_ROWS + 1})`)?.focus();
  }

  /** Called when an estimate is shown, with its sentence for the live region (worded in the element's language). */
  onAnnounce?: (say: () => string) => void;

  /** Called when an estimate fails, so the element can word it and report it once. */
  onError?: (error: WidgetError) => void;
}
