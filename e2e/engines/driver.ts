/**
 * One small interface over the three engines, so each visitor flow is written once: Playwright
 * behind it for Chromium and Firefox (WebDriver BiDi, through bidi-shim.ts), W3C WebDriver for
 * WebKit. A target is a path of CSS selectors, each looked up in the shadow root of the element
 * before it, with an index where a page has several matches.
 */
import { chromium, firefox, type Browser, type Locator, type Page } from 'playwright';
import { chromiumLaunchOptions, type ColorScheme, firefoxLaunchOptions } from './browsers.js';
import { type ElementRef, WebDriverSession } from './webdriver.js';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: Engine[] = ['chromium', 'firefox', 'webkit'];
export type Step = string | [css: string, index: number];
export type Key = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape';

export interface Driver {
  readonly engine: Engine;
  open(url: string, viewport?: { width: number; height: number }): Promise<void>;
  click(target: Step[]): Promise<void>;
  type(target: Step[], text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** Runs a self-contained function in the page with JSON arguments; a promise is awaited. */
  evaluate<R, A extends unknown[]>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<R>;
  /** Runs a script's source in the page (for axe-core). */
  inject(source: string): Promise<void>;
  screenshot(target: Step[]): Promise<Buffer>;
  close(): Promise<void>;
}

const split = (step: Step): [string, number] => (typeof step === 'string' ? [step, 0] : step);

export async function launch(engine: Engine, colorScheme: ColorScheme = 'light'): Promise<Driver> {
  if (engine === 'webkit')
    return webDriver(await WebDriverSession.start(colorScheme === 'dark' ? ['--dark-mode'] : []));
  const browser =
    engine === 'chromium'
      ? await chromium.launch(chromiumLaunchOptions)
      : await firefox.launch(firefoxLaunchOptions(colorScheme));
  // Firefox takes the scheme from its preference: Playwright's emulation is the command it lacks.
  return playwrightDriver(engine, browser, await browser.newPage(engine === 'chromium' ? { colorScheme } : {}));
}

function playwrightDriver(engine: Engine, browser: Browser, page: Page): Driver {
  const locate = (target: Step[]) =>
    target.reduce<Page | Locator>((scope, step) => {
      const [css, index] = split(step);
      return scope.locator(css).nth(index);
    }, page) as Locator;
  return {
    engine,
    async open(url, viewport = { width: 1024, height: 900 }) {
      await page.setViewportSize(viewport);
      await page.goto(url);
    },
    click: (target) => locate(target).click(),
    type: (target, text) => locate(target).pressSequentially(text, { delay: 20 }),
    press: (key) => page.keyboard.press(key),
    // An expression, not `new Function`, so a page's Content-Security-Policy does not block it.
    evaluate: (fn, ...args) => page.evaluate(`(${fn.toString()})(...${JSON.stringify(args)})`),
    inject: async (source) => void (await page.evaluate(source)),
    screenshot: (target) => locate(target).screenshot({ animations: 'disabled' }),
    close: () => browser.close(),
  };
}

const KEYS: Record<Key, string> = { ArrowDown: '\uE015', ArrowUp: '\uE013', Enter: '\uE007', Escape: '\uE00C' };

function webDriver(session: WebDriverSession): Driver {
  const locate = async (target: Step[]) => {
    let element: ElementRef | undefined;
    for (const step of target) {
      const [css, index] = split(step);
      const found = await session.findAll(css, element);
      if (!found[index]) throw new Error(`WebKit: nothing matches ${JSON.stringify(target)} at ${css}`);
      element = found[index];
    }
    return element!;
  };
  return {
    engine: 'webkit',
    async open(url, viewport = { width: 1024, height: 900 }) {
      await session.setWindowSize(viewport.width, viewport.height);
      await session.navigate(url);
    },
    click: async (target) => void (await session.click(await locate(target))),
    type: async (target, text) => void (await session.sendKeys(await locate(target), text)),
    press: async (key) => void (await session.press(KEYS[key])),
    evaluate: (fn, ...args) => session.execute(`return (${fn.toString()})(...arguments)`, args),
    inject: async (source) => void (await session.execute(`${source};\nreturn true;`)),
    async screenshot(target) {
      // WebKit paints the last change a frame late: wait for two frames.
      const element = await locate(target);
      await session.execute(
        'arguments[0].scrollIntoView(); return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))',
        [element],
      );
      return session.screenshot(element);
    },
    close: () => session.close(),
  };
}

/** Reads the page with `read` until `check` passes, and returns what it read. */
export async function poll<R>(
  driver: Driver,
  what: string,
  read: () => Promise<R>,
  check: (value: R) => boolean = Boolean,
): Promise<NonNullable<R>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value as NonNullable<R>;
    if (Date.now() > deadline)
      throw new Error(`${driver.engine}: timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls a self-contained function in the page until it returns a truthy value. */
export const waitUntil = <R, A extends unknown[]>(driver: Driver, what: string, fn: (...args: A) => R, ...args: A) =>
  poll(driver, what, () => driver.evaluate(fn, ...args));
