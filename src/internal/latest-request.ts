/**
 * One request at a time, the newest winning: the pattern of Lit's `@lit/task`. Each run aborts the
 * one before it, only the newest run's outcome is kept, and `slow` turns on once an answer is
 * noticeably late. Its host re-renders on every change and aborts the run when it leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { WidgetError } from '../api/widget-error.js';

export type RequestStatus = 'initial' | 'pending' | 'complete' | 'error';

/** A loading indicator only once an answer is noticeably late. */
export const SLOW_AFTER_MS = 400;

export class LatestRequest<T> implements ReactiveController {
  status: RequestStatus = 'initial';
  value?: T;
  error?: WidgetError;
  slow = false;

  #callId = 0;
  #abort?: AbortController;
  #slowTimer?: ReturnType<typeof setTimeout>;

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort();
  }

  /**
   * Runs `work`, superseding any run in flight. Resolves true when this run's outcome is now the
   * request's state, false when a newer run (or an abort) replaced it.
   */
  async run(work: (signal: AbortSignal) => Promise<T>): Promise<boolean> {
    this.abort();
    const callId = this.#callId;
    const abort = (this.#abort = new AbortController());
    // Like @lit/task, the last value stays readable while the next run is pending.
    this.status = 'pending';
    this.error = undefined;
    this.#slowTimer = setTimeout(() => this.#settle({ slow: true }), SLOW_AFTER_MS);
    this.#host.requestUpdate();
    try {
      const value = await work(abort.signal);
      if (callId !== this.#callId) return false;
      this.#settle({ status: 'complete', value });
    } catch (error) {
      if (callId !== this.#callId) return false;
      this.#settle({ status: 'error', error: WidgetError.from(error) });
    }
    return true;
  }

  /** Settles a run already known (e.g. from a cache) without a request. */
  resolve(value: T): void {
    this.abort();
    this.#settle({ status: 'complete', value });
  }

  /** Back to the start: no run, no value, no error. */
  reset(): void {
    this.abort();
    this.status = 'initial';
    this.value = this.error = undefined;
  }

  /** Drops the run in flight, if any: its answer, whenever it comes, is ignored. */
  abort(): void {
    this.#callId++;
    this.#abort?.abort();
    this.#abort = undefined;
    clearTimeout(this.#slowTimer);
    if (this.status === 'pending') this.status = 'initial';
    this.slow = false;
  }

  #settle(change: Partial<Pick<LatestRequest<T>, 'status' | 'value' | 'error' | 'slow'>>): void {
    if (change.status) clearTimeout(this.#slowTimer);
    Object.assign(this, { slow: false }, change);
    this.#host.requestUpdate();
  }
}
