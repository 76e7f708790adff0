/**
 * The visitor's flows and the hostile pages, written once and run in Chromium, Firefox and WebKit
 * (the `engine-*` projects in playwright.config.ts). Each engine has its own screenshot baselines.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { DEMO_PORT, WIDGET_HOST_PORT } from '../ports.js';
import { launch } from './driver.js';
import { expectScreenshot } from './screenshots.js';
import { isDecorated, WCAG_TAGS } from '../in-page.js';
import {
  CONTAINER,
  estimateWithMouse,
  expect,
  inWidget,
  state,
  test,
  until,
  untilWidgets,
  waitUntil,
} from './fixtures.js';

const DEMO = `http://localhost:${DEMO_PORT}`;
const API_BASE = `http://127.0.0.1:${WIDGET_HOST_PORT}`;

test('type, choose with the mouse, read the estimate, switch to rent', async ({ driver }) => {
  await driver.open(`${DEMO}/qa.html`);
  const sale = await estimateWithMouse(driver, '560102');
  expect(sale.attribution).toContain('Estimate by Service Valuations');
  await driver.click(inWidget(0, '.mode label:last-of-type'));
  const rent = await until(driver, 'the rent estimate', (s) => s.heading === 'Estimated monthly rent');
  expect(rent.value).toMatch(/^S\$[\d,]+ \/ month$/);
});

test('choose with the keyboard: arrows, Enter, Escape', async ({ driver }) => {
  await driver.open(`${DEMO}/qa.html`);
  await driver.click(inWidget(0, 'input'));
  await driver.type(inWidget(0, 'input'), 'parc esta');
  await until(driver, 'suggestions', (s) => s.options.length > 0 && s.expanded === 'true');
  await driver.press('ArrowDown');
  await until(driver, 'the first option active', (s) => s.activeOption === 'sv-option-0');
  await driver.press('Escape');
  await until(driver, 'the list closed', (s) => s.expanded === 'false');
  await driver.press('ArrowDown');
  await driver.press('ArrowDown');
  await driver.press('Enter');
  await until(driver, 'the estimate', (s) => s.heading === 'Estimated sale price' && s.value.startsWith('S$'));
});

test('the pinned snippet: an exact version, checked against its integrity hash', async ({ driver }) => {
  await driver.open(`${DEMO}/pinned.html`);
  await estimateWithMouse(driver, '560102');
});

test('data-theme="auto" follows the visitor’s system: light, then dark', async ({ driver, engine }) => {
  await driver.open(`${DEMO}/qa.html?theme=auto`);
  await until(driver, 'a light panel', (s) => s.background === 'rgb(255, 255, 255)');
  const dark = await launch(engine, 'dark');
  try {
    await dark.open(`${DEMO}/qa.html?theme=auto`);
    await until(dark, 'a dark panel', (s) => s.background === 'rgb(21, 27, 34)');
  } finally {
    await dark.close();
  }
});

test('dark theme: the panel is drawn dark', async ({ driver }) => {
  await driver.open(`${DEMO}/qa.html?theme=dark`);
  await until(driver, 'a dark panel', (s) => s.background === 'rgb(21, 27, 34)');
});

test('strict CSP: styled, working, zero violations', async ({ driver }) => {
  await driver.open(`${DEMO}/csp.html`);
  const shown = await estimateWithMouse(driver, '560102');
  expect(shown.radius).toBe('10px');
  await waitUntil(driver, 'font and logo', isDecorated);
  expect(await driver.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

test('strict CSP with a nonce and strict-dynamic: working, zero violations', async ({ driver }) => {
  await driver.open(`${DEMO}/csp-nonce.html`);
  await estimateWithMouse(driver, '560102');
  expect(await driver.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
});

test('inserted by a tag manager after the page has loaded', async ({ driver }) => {
  await driver.open(`${DEMO}/tag-manager.html`);
  await untilWidgets(driver, 1);
  await estimateWithMouse(driver, '560102');
});

test('a language file refused by the page: the box explains, with the attribution and the disclaimer', async ({
  driver,
}) => {
  await driver.open(`${DEMO}/csp-no-connect.html`);
  const box = await waitUntil(driver, 'the failure box', () => {
    // The element draws the box in its own shadow root, where its panel was.
    const root = document
      .querySelector('[data-service-valuation]')
      ?.shadowRoot?.querySelector('service-valuation')?.shadowRoot;
    const link = root?.querySelector('a');
    return root?.textContent?.includes('cannot be shown on this page') && link
      ? { href: link.href, text: root.textContent }
      : null;
  });
  expect(box.href).toBe(`${API_BASE}/valuation/`);
  expect(box.text).toContain('Valuations by Service Valuations');
  expect(box.text).toContain('not a valuation or appraisal');
});

test('hostile global CSS and clipping ancestors: the panel keeps its look, the list opens on top', async ({
  driver,
}) => {
  await driver.open(`${DEMO}/hostile.html`);
  await driver.click(inWidget(0, 'input'));
  await driver.type(inWidget(0, 'input'), '560102');
  await until(driver, 'the list in the top layer', (s) => s.popupOpen && s.options.length > 0);
  const looks = await driver.evaluate(() => {
    const root = document
      .querySelector('[data-service-valuation]')!
      .shadowRoot!.querySelector('service-valuation')!.shadowRoot!;
    const popup = root.querySelector('.popup')!.getBoundingClientRect();
    const panel = getComputedStyle(root.querySelector('.panel')!);
    // What a click at the list's centre would hit: the widget (retargeted to its container), not the page.
    const hit = document.elementFromPoint(popup.left + popup.width / 2, popup.top + Math.min(popup.height / 2, 20));
    return {
      fontSize: panel.fontSize,
      radius: panel.borderTopLeftRadius,
      listHeight: popup.height,
      hitsWidget: hit?.matches('[data-service-valuation]') ?? false,
    };
  });
  expect(looks).toEqual({ fontSize: '15px', radius: '10px', listHeight: expect.any(Number), hitsWidget: true });
  expect(looks.listHeight).toBeGreaterThan(40);
  await driver.click(inWidget(0, ['[role=option]', 0]));
  await until(driver, 'the estimate', (s) => s.heading === 'Estimated sale price');
});

test('a single-page app adds, moves and removes containers, and changes route', async ({ driver }) => {
  await driver.open(`${DEMO}/spa.html`);
  await driver.click(['#add']);
  await driver.click(['#add']);
  await untilWidgets(driver, 2);
  await estimateWithMouse(driver, '560102', 0);
  await driver.click(['#move']);
  await until(driver, 'the moved widget keeps its estimate', (s) => s.heading === 'Estimated sale price', 1);
  await driver.click(['#remove']);
  await driver.click(['#remove']);
  await untilWidgets(driver, 0);
  await driver.click(['#route']);
  await untilWidgets(driver, 1);
  await estimateWithMouse(driver, '560102', 0);
});

test('twelve widgets on one page each work on their own', async ({ driver }) => {
  await driver.open(`${DEMO}/many.html`);
  await untilWidgets(driver, 12);
  await estimateWithMouse(driver, '560102', 11);
  expect((await state(driver, 0))!.heading).toBe('');
});

for (const theme of ['light', 'dark'] as const) {
  for (const width of [320, 960]) {
    test(`the estimate panel at ${width}px, ${theme}`, async ({ driver }) => {
      await driver.open(`${DEMO}/qa.html${theme === 'dark' ? '?theme=dark' : ''}`, { width: width + 48, height: 2400 });
      await driver.evaluate((w) => {
        const slot = document.getElementById('slot')!;
        slot.style.width = `${w}px`;
        slot.style.margin = '0';
      }, width);
      await estimateWithMouse(driver, '310101');
      await waitUntil(driver, 'font and logo', isDecorated);
      await driver.evaluate(() => document.fonts.ready.then(() => true));
      const scroll = await driver.evaluate(() => {
        const base = document
          .querySelector('[data-service-valuation]')!
          .shadowRoot!.querySelector('service-valuation')!
          .shadowRoot!.querySelector('.panel')!;
        return base.scrollWidth - base.clientWidth;
      });
      expect(scroll, 'no horizontal scrolling inside the panel').toBeLessThanOrEqual(0);
      await expectScreenshot(driver.engine, `estimate-${width}-${theme}`, await driver.screenshot([CONTAINER]));
    });
  }
}

test('axe finds nothing, idle and with an estimate', async ({ driver }) => {
  const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const audit = async () => {
    await driver.inject(axe);
    return driver.evaluate(async (tags) => {
      const results = await (window as unknown as { axe: typeof import('axe-core') }).axe.run(
        { include: [['[data-service-valuation]']] } as never,
        { runOnly: { type: 'tag', values: tags } },
      );
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }, WCAG_TAGS);
  };
  await driver.open(`${DEMO}/qa.html`);
  await until(driver, 'the idle panel', (s) => s.radius === '10px');
  expect(await audit(), 'idle').toEqual([]);
  await estimateWithMouse(driver, 'parc esta');
  expect(await audit(), 'estimate').toEqual([]);
});
