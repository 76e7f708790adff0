/**
 * The smallest base that gives a custom element Lit's rendering and Lit's update model: reactive
 * properties batched into one microtask update, `willUpdate(changed)` → `render()` (lit-html) →
 * `firstUpdated()`, reactive controllers, `updateComplete`, and styles adopted by the shadow root.
 *
 * Why not LitElement: ReactiveElement's general machinery (converters, reflection options,
 * decorators, SSR and polyfill hooks) is most of its weight, and this element needs a handful of
 * string attributes. Same contract, so the element and its controllers read like any Lit element
 * and could move back to LitElement unchanged.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { render, type TemplateResult } from 'lit/html.js';

export type Changed = Map<PropertyKey, unknown>;

/**
 * Lit's schedule, the first update included: a first render in a task of its own waited behind
 * the page's tasks (50 ms later at 4× CPU in the bench) for a shorter task that did not pay off.
 */
const nextMicrotask = () => Promise.resolve();

/** Private reactive state, typed: setting a different value schedules its host's update. */
export class ReactiveState<T> {
  #value: T;
  readonly #host: ReactiveControllerHost;
  constructor(host: ReactiveControllerHost, value: T) {
    this.#host = host;
    this.#value = value;
  }
  get value(): T {
    return this.#value;
  }
  set value(value: T) {
    if (Object.is(value, this.#value)) return;
    this.#value = value;
    this.#host.requestUpdate();
  }
}

export abstract class LitHost extends HTMLElement implements ReactiveControllerHost {
  /** Attribute → reactive property: a removed attribute sets the property to ''. */
  static attributes: Record<string, string> = {};
  static styles = '';
  static get observedAttributes() {
    return Object.keys(this.attributes);
  }

  /**
   * Makes each public property reactive: setting a different value schedules an update. Names are
   * checked against the class (`keyof`), so a typo or a rename fails the type check.
   */
  static reactive<T extends LitHost>(this: { prototype: T }, ...names: Array<keyof T & string>) {
    for (const name of names) {
      Object.defineProperty(this.prototype, name, {
        get(this: LitHost) {
          return this.#values.get(name);
        },
        set(this: LitHost, value: unknown) {
          const old = this.#values.get(name);
          if (Object.is(old, value)) return;
          this.#values.set(name, value);
          this.requestUpdate(name, old);
        },
      });
    }
  }

  readonly renderRoot: ShadowRoot;
  hasUpdated = false;
  #values = new Map<string, unknown>();
  #changed: Changed = new Map();
  #controllers = new Set<ReactiveController>();
  #pending?: Promise<boolean>;

  constructor() {
    super();
    this.renderRoot = this.attachShadow({ mode: 'open' });
    this.renderRoot.adoptedStyleSheets = [sheetFor(this.constructor as typeof LitHost)];
  }

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
    if (this.isConnected) controller.hostConnected?.();
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  requestUpdate(name?: PropertyKey, old?: unknown): void {
    if (name !== undefined && !this.#changed.has(name)) this.#changed.set(name, old);
    this.#pending ??= nextMicrotask().then(() => this.#update());
  }

  /** Resolves once no update is pending, including updates requested while updating. */
  get updateComplete(): Promise<boolean> {
    return this.#pending ? this.#pending.then(() => this.updateComplete) : Promise.resolve(true);
  }

  connectedCallback(): void {
    for (const controller of this.#controllers) controller.hostConnected?.();
    this.requestUpdate();
  }

  disconnectedCallback(): void {
    for (const controller of this.#controllers) controller.hostDisconnected?.();
  }

  attributeChangedCallback(attribute: string, _old: string | null, value: string | null): void {
    const name = (this.constructor as typeof LitHost).attributes[attribute];
    (this as Record<string, unknown>)[name] = value ?? '';
  }

  protected willUpdate(_changed: Changed): void {}
  protected firstUpdated(): void {}
  protected abstract render(): TemplateResult;

  #update(): boolean {
    const changed = this.#changed;
    try {
      // Properties set in willUpdate join this update, as in Lit; later ones schedule the next.
      this.willUpdate(changed);
      this.#changed = new Map();
      for (const controller of this.#controllers) controller.hostUpdate?.();
      render(this.render(), this.renderRoot, { host: this });
    } catch (error) {
      // As Lit does: a failed update is forgotten, so the next change can update the element again.
      this.#changed = new Map();
      throw error;
    } finally {
      this.#pending = undefined;
    }
    if (!this.hasUpdated) {
      this.hasUpdated = true;
      this.firstUpdated();
    }
    for (const controller of this.#controllers) controller.hostUpdated?.();
    return true;
  }
}

const sheets = new WeakMap<typeof LitHost, CSSStyleSheet>();
function sheetFor(constructor: typeof LitHost): CSSStyleSheet {
  let sheet = sheets.get(constructor);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(constructor.styles);
    sheets.set(constructor, sheet);
  }
  return sheet;
}
