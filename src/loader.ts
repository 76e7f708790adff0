/**
 * What the snippet loads: one classic script that finds every [data-service-valuation] container,
 * now and later, and mounts <service-valuation> in a shadow root of each, once. Space for the
 * panel is reserved at once. The element's code is in this same file (one round trip, and the
 * pinned snippet's `integrity` covers it), but runs only when a container nears the viewport (at
 * once, when one is already near). Loading this script twice is harmless. A browser without what
 * the panel needs gets the failure box instead of a broken panel.
 */
import runElementCode from 'virtual:element-code';
import { FORWARDED_ATTRIBUTES } from './api/attributes.js';
import { failureBox } from './element/failure-box.js';

const CONTAINER = '[data-service-valuation]';
const GLOBAL = Symbol.for('service-valuation.loader');
const PARTS =
  'base,search,input,listbox,option,mode,estimate,value,chart,comparables,search-empty,search-error,estimate-error,setup-error';
/** The idle panel's height (kept equal to `.panel`'s min-height), so nothing moves when it renders. */
const RESERVED = 'service-valuation:not(:defined){display:block;min-height:340px}';
/** How far beyond the viewport a container starts loading the element's code. */
const NEAR_VIEWPORT_PX = 800;

type LoaderWindow = Window & { [GLOBAL]?: { scan(): void } };

/**
 * Every colour of the panel is a `light-dark()` pair, the newest thing it needs (Chrome 123,
 * Safari 17.5, Firefox 120); a browser without it gets the failure box instead. Without the
 * Popover API the suggestions still open, in the page's own stacking.
 */
const browserSupported = () => CSS.supports('color:light-dark(red,red)');

function start() {
  // The widget host's root: this script is /v1/widget.js, /v1.x.y/widget.js or /widget.js.
  const apiBase = new URL('../', (document.currentScript as HTMLScriptElement | null)?.src || location.href).href;
  const mounted = new WeakMap<Element, HTMLElement>();
  let elementCode: Promise<unknown> | undefined;
  let failed = !browserSupported();
  const reserved = new CSSStyleSheet();
  reserved.replaceSync(RESERVED);

  const showFailure = (container: Element) => container.shadowRoot?.replaceChildren(...failureBox(apiBase));

  // The element's code is one function of this file, compiled while the file streams in and run
  // only here: a page whose containers are all far below the fold never runs it.
  const loadElement = () =>
    (elementCode ??= Promise.resolve()
      .then(() => runElementCode(apiBase, failureBox))
      .catch(() => {
        failed = true;
        document.querySelectorAll(CONTAINER).forEach((container) => mounted.has(container) && showFailure(container));
        // One line for every cause (a policy, Trusted Types, a blocker, an exception): the browser's own
        // report sits beside it, and the reference lists the causes with their fixes.
        // Worded here rather than by internal/console.ts, which the element's part carries: 15 B brotli less.
        console.error(
          `[service-valuation] The widget's code could not run from ${apiBase}. ${apiBase}docs/messages#load_failed`,
        );
      }));

  const nearViewport = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      nearViewport.disconnect();
      void loadElement();
    },
    { rootMargin: `${NEAR_VIEWPORT_PX}px` },
  );
  // One rect read at mount asks for the code at once, instead of after the observer's first
  // callback, which only comes after the next frame.
  const isNearViewport = (container: Element) => {
    const { top, bottom } = container.getBoundingClientRect();
    return bottom > -NEAR_VIEWPORT_PX && top < innerHeight + NEAR_VIEWPORT_PX;
  };

  const sync = (container: Element, element: HTMLElement) => {
    for (const name of FORWARDED_ATTRIBUTES) {
      const value = container.getAttribute(name);
      if (value === null) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
  };

  const mount = (container: Element) => {
    const existing = mounted.get(container);
    if (existing) {
      sync(container, existing);
      return;
    }
    if (container.shadowRoot) return; // Mounted by another copy of the loader.
    // The code is asked for before this container changes: read now, its position costs no layout of
    // its own once the page has been laid out, and the request is not queued behind the work below.
    const near = !failed && (elementCode || isNearViewport(container));
    if (near) void loadElement();
    let root: ShadowRoot;
    try {
      root = container.attachShadow({ mode: 'open' });
    } catch {
      console.warn(
        `[service-valuation] This element cannot hold the widget. ${apiBase}docs/messages#not_a_container`,
        container,
      );
      return;
    }
    const element = document.createElement('service-valuation');
    element.setAttribute('data-api-base', apiBase);
    // Re-exported so a page can style them as [data-service-valuation]::part(value).
    element.setAttribute('exportparts', PARTS);
    sync(container, element);
    root.adoptedStyleSheets = [reserved];
    root.append(element);
    mounted.set(container, element);
    if (failed) showFailure(container);
    else if (!near) nearViewport.observe(container);
  };

  const scan = (root: ParentNode = document) => {
    if (root instanceof Element && root.matches(CONTAINER)) mount(root);
    root.querySelectorAll(CONTAINER).forEach(mount);
  };

  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if ((record.target as Element).matches(CONTAINER)) mount(record.target as Element);
        continue;
      }
      for (const node of record.addedNodes) if (node instanceof Element) scan(node);
    }
  }).observe(document.documentElement, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-service-valuation', ...FORWARDED_ATTRIBUTES],
  });

  // Containers the parser adds after this script has run are seen by the observer above.
  scan();
  return { scan: () => scan() };
}

const loaderWindow = window as LoaderWindow;
if (loaderWindow[GLOBAL]) loaderWindow[GLOBAL].scan();
else loaderWindow[GLOBAL] = start();
