/**
 * Keeps the suggestion popup usable on any page: in the top layer (a manual popover), so no
 * host ancestor's `overflow: hidden`, `transform` or z-index can clip or cover it; placed under
 * the input, or above it when the on-screen keyboard leaves no room below; as wide as the input
 * at every width, so it reads as the field's own list (kept on screen). Closes on a press outside the widget, judged by `composedPath()` because
 * shadow DOM retargets events.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ACTIVE_CLASS } from './search-parts.js';

const GAP = 4;
const EDGE = 8;
/** Room for about three options: less than this below the field, and the list may open above. */
const MIN_ROOM = 180;

type PopupParts = () => { popup: HTMLElement | null; anchor: HTMLElement | null; open: boolean };

export class PopupController implements ReactiveController {
  #listening = false;
  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #parts: PopupParts;
  readonly #onOutside: () => void;

  constructor(host: ReactiveControllerHost & HTMLElement, parts: PopupParts, onOutside: () => void) {
    this.#host = host;
    this.#parts = parts;
    this.#onOutside = onOutside;
    host.addController(this);
  }

  hostUpdated(): void {
    const { popup, open } = this.#parts();
    // A host removed mid-update keeps its shadow root: WebKit refuses to show a disconnected popover.
    if (open && popup?.isConnected) {
      // Fixed coordinates place it either way; the top layer, where supported, lifts it above every z-index.
      if ('showPopover' in popup && !popup.matches(':popover-open')) popup.showPopover();
      this.#place();
      this.#listen(true);
      popup.querySelector(`.${ACTIVE_CLASS}`)?.scrollIntoView({ block: 'nearest' });
    } else {
      this.#listen(false);
    }
  }

  hostDisconnected(): void {
    this.#listen(false);
  }

  readonly #place = () => {
    const { popup, anchor } = this.#parts();
    if (!popup || !anchor) return;
    const rect = anchor.getBoundingClientRect();
    // The visual viewport: what is on screen when the page is zoomed or the keyboard is up.
    const { offsetTop: top, height, width } = visualViewport!;
    const bottom = top + height;
    const roomBelow = bottom - rect.bottom - GAP - EDGE;
    const roomAbove = rect.top - top - GAP - EDGE;
    // Below when what it shows fits there (up to a few options); otherwise wherever there is more room.
    const needed = Math.min(popup.scrollHeight, MIN_ROOM);
    const above = roomBelow < needed && roomAbove > roomBelow;
    const left = Math.max(EDGE, rect.left);
    const style = popup.style;
    style.left = `${left}px`;
    style.width = `${Math.min(rect.right, width - EDGE) - left}px`;
    style.maxHeight = `${Math.max(120, above ? roomAbove : roomBelow)}px`;
    style.top = above ? 'auto' : `${rect.bottom + GAP}px`;
    style.bottom = above ? `${window.innerHeight - rect.top + GAP}px` : 'auto';
  };

  readonly #pointerDown = (event: Event) => {
    if (!event.composedPath().includes(this.#host)) this.#onOutside();
  };

  #listen(on: boolean): void {
    if (on === this.#listening) return;
    this.#listening = on;
    const method = on ? 'addEventListener' : 'removeEventListener';
    document[method]('pointerdown', this.#pointerDown, true);
    window[method]('scroll', this.#place, true);
    window[method]('resize', this.#place);
    visualViewport![method]('resize', this.#place);
    visualViewport![method]('scroll', this.#place);
  }
}
