/** The engine flows' test: one driver per worker, for the project's engine. */
import { test as base } from '@playwright/test';
import { type Driver, type Engine, launch, poll, type Step, waitUntil } from './driver.js';

export const test = base.extend<object, { engine: Engine; driver: Driver }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  driver: [
    async ({ engine }, use) => {
      const driver = await launch(engine);
      await use(driver);
      await driver.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
});
export { expect } from '@playwright/test';

export const CONTAINER = '[data-service-valuation]';
/** A path into the n-th widget's panel. */
export const inWidget = (n: number, ...steps: Step[]): Step[] => [[CONTAINER, n], 'service-valuation', ...steps];

/** What a visitor can see of the n-th widget, read in the page (self-contained: it is serialised). */
export function panelState(n: number) {
  const container = document.querySelectorAll('[data-service-valuation]')[n];
  const root = container?.shadowRoot?.querySelector('service-valuation')?.shadowRoot;
  const panel = root?.querySelector('.panel');
  if (!root || !panel) return null;
  const input = root.querySelector('input');
  const text = (selector: string) => root.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return {
    options: [...root.querySelectorAll('[role=option]')].map((option) =>
      option.textContent!.replace(/\s+/g, ' ').trim(),
    ),
    expanded: input?.getAttribute('aria-expanded') ?? '',
    activeOption: input?.getAttribute('aria-activedescendant') ?? '',
    heading: text('#sv-estimate-heading'),
    value: text('.value'),
    rows: root.querySelectorAll('tbody tr').length,
    attribution: text('.attribution'),
    background: getComputedStyle(panel).backgroundColor,
    radius: getComputedStyle(panel).borderTopLeftRadius,
    popupOpen: root.querySelector('.popup')?.matches(':popover-open') ?? false,
  };
}

export const state = (driver: Driver, n = 0) => driver.evaluate(panelState, n);

/** Waits until the n-th widget's state passes `check`, and returns it. */
export const until = (
  driver: Driver,
  what: string,
  check: (s: NonNullable<ReturnType<typeof panelState>>) => boolean,
  n = 0,
) =>
  poll(
    driver,
    what,
    () => state(driver, n),
    (s) => s !== null && check(s),
  );

/** How many containers hold a panel. */
export function mountedWidgets() {
  return [...document.querySelectorAll('[data-service-valuation]')].filter((container) =>
    container.shadowRoot?.querySelector('service-valuation'),
  ).length;
}
export const untilWidgets = (driver: Driver, count: number) =>
  poll(
    driver,
    `${count} widgets`,
    () => driver.evaluate(mountedWidgets),
    (mounted) => mounted === count,
  );

/** Types a search into the n-th widget and chooses the first suggestion with the mouse. */
export async function estimateWithMouse(driver: Driver, query: string, n = 0) {
  await driver.click(inWidget(n, 'input'));
  await driver.type(inWidget(n, 'input'), query);
  await until(driver, 'suggestions', (s) => s.options.length > 0 && s.popupOpen, n);
  await driver.click(inWidget(n, ['[role=option]', 0]));
  return until(
    driver,
    'the estimate',
    (s) => s.heading === 'Estimated sale price' && s.value.startsWith('S$') && s.rows >= 5,
    n,
  );
}

export { waitUntil };
