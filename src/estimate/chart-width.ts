/**
 * Which drawing of the comparables chart fits the panel: the phone-first one, or a wider one once the
 * panel has room for it, so a wide panel's chart leaves no empty third. It follows the panel as the
 * page resizes it, and lets go of its observer when the panel leaves the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The panel width from which the wide drawing is used. */
const WIDE_FROM = 600;

export class ChartWidth implements ReactiveController {
  wide = false;
  readonly #host: ReactiveControllerHost & HTMLElement;
  #observer?: ResizeObserver;

  constructor(host: ReactiveControllerHost & HTMLElement) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#observer = new ResizeObserver(([entry]) => {
      const wide = entry!.contentRect.width >= WIDE_FROM;
      if (wide === this.wide) return;
      this.wide = wide;
      // In the next frame: a redraw that resizes the panel inside this callback is a "ResizeObserver loop"
      // error on the host page.
      requestAnimationFrame(() => this.#host.requestUpdate());
    });
    this.#observer.observe(this.#host);
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }
}
