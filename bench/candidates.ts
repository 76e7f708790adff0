/**
 * The pages the start-up comparison loads: the demo's article with, in the valuation slot, either a
 * plain <input>, one of three published search boxes bundled from npm (the anchors), or this widget.
 * Every script comes from the one widget host, with the same compression; the pages from the demo's
 * origin. Built into bench/.build/, which is not committed.
 */
import { readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { isWholeWidgetFile } from '../scripts/size-report.js';

const BUILD = fileURLToPath(new URL('./.build/', import.meta.url));
/** What the widget host serves in the bench: the built widget, plus the anchors under anchors/. */
export const HOST_DIR = `${BUILD}host/`;
/** The candidate pages, with the demo's stylesheet. */
export const PAGES_DIR = `${BUILD}pages/`;

export interface Candidate {
  name: string;
  label: string;
  /** The element that must be defined before its input counts: none for the plain input. */
  tag?: string;
  /** The visitor's text field, in the light DOM or any shadow root. */
  input: string;
  /** What goes in the valuation slot, and before </body>; `%HOST%` is the widget host. */
  markup: string;
  scripts: string;
  /** Files (under the host) that are this candidate's JavaScript. */
  js: string[];
  /** Whether a load waits for fonts and idle-time work, so blocking, shift and bytes are counted whole. */
  settles?: boolean;
}

const KEY = 'svce_test_demo0000000000000001';

export const CANDIDATES: Candidate[] = [
  {
    name: 'plain',
    label: 'plain <input>',
    input: 'input',
    markup: '<input type="search" aria-label="Address, postal code or condo" />',
    scripts: '',
    js: [],
    settles: true,
  },
  {
    name: 'auto-complete',
    label: 'GitHub auto-complete-element',
    tag: 'auto-complete',
    input: 'input',
    markup:
      '<auto-complete src="%HOST%/v1/suggestions" for="bench-list"><input type="text" aria-label="Address, postal code or condo" /><ul id="bench-list"></ul></auto-complete>',
    scripts: '<script type="module" src="%HOST%/anchors/auto-complete.js"></script>',
    js: ['anchors/auto-complete.js'],
  },
  {
    name: 'mapbox',
    label: 'Mapbox search box',
    tag: 'mapbox-search-box',
    input: 'input',
    markup:
      '<mapbox-search-box access-token="pk.bench" placeholder="Address, postal code or condo"></mapbox-search-box>',
    scripts: '<script type="module" src="%HOST%/anchors/mapbox.js"></script>',
    js: ['anchors/mapbox.js'],
  },
  {
    name: 'shoelace',
    label: 'Shoelace input + dropdown + menu',
    tag: 'sl-input',
    input: 'input',
    markup:
      '<sl-dropdown><sl-input slot="trigger" label="Address, postal code or condo"></sl-input><sl-menu><sl-menu-item>Toa Payoh</sl-menu-item><sl-menu-item>Bishan</sl-menu-item></sl-menu></sl-dropdown>',
    scripts:
      '<link rel="stylesheet" href="%HOST%/anchors/shoelace-light.css" /><script type="module" src="%HOST%/anchors/shoelace.js"></script>',
    js: ['anchors/shoelace.js'],
  },
  {
    name: 'widget',
    label: 'this widget',
    tag: 'service-valuation',
    input: 'input[role=combobox]',
    markup: `<div data-service-valuation data-embed-key="${KEY}"></div>`,
    scripts: '<script async src="%HOST%/widget.js"></script>',
    js: ['widget.js'],
    settles: true,
  },
];

/** A build's JavaScript: widget.js, and for a build of the old split its element and chunks. */
const widgetScripts = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => isWholeWidgetFile(file));

/**
 * `BENCH_BASELINE=<a built dist/>` adds that build as one more candidate, loaded in the same
 * interleaved runs: the fair way to compare a change with what it replaces on a noisy machine.
 */
const BASELINE = process.env.BENCH_BASELINE;
if (BASELINE) {
  const widget = CANDIDATES.find((c) => c.name === 'widget')!;
  CANDIDATES.push({
    ...widget,
    name: 'baseline',
    label: `baseline (${BASELINE.replace(/\/$/, '').split('/').pop()})`,
    scripts: widget.scripts.replace('%HOST%/', '%HOST%/baseline/'),
    get js() {
      return widgetScripts(BASELINE).map((file) => `baseline/${file}`);
    },
  });
}

const ANCHOR_ENTRIES = ['auto-complete', 'mapbox', 'shoelace'];
/** How far down the below-the-fold pages put the field: far beyond the loader's 800 px margin. */
export const BELOW_FOLD_PX = 5000;

/** Bundles the anchors (minified ES modules), copies the built widget beside them, writes the pages. */
export async function prepareCandidates(): Promise<void> {
  // From nothing, so a file left by an earlier build cannot stand in for one this run should have.
  await rm(BUILD, { recursive: true, force: true });
  await mkdir(`${HOST_DIR}anchors`, { recursive: true });
  for (const name of ANCHOR_ENTRIES) {
    await build({
      configFile: false,
      logLevel: 'warn',
      build: {
        target: 'es2022',
        outDir: `${HOST_DIR}anchors`,
        emptyOutDir: false,
        reportCompressedSize: false,
        lib: {
          entry: fileURLToPath(new URL(`./anchors/${name}.ts`, import.meta.url)),
          formats: ['es'],
          fileName: () => `${name}.js`,
        },
        rolldownOptions: { output: { codeSplitting: false } },
      },
    });
  }
  await cp(
    new URL('../node_modules/@shoelace-style/shoelace/dist/themes/light.css', import.meta.url),
    `${HOST_DIR}anchors/shoelace-light.css`,
  );
  await cp(new URL('../dist/', import.meta.url), HOST_DIR, { recursive: true });
  if (BASELINE) {
    // A loader finds its element at the widget host's root (`../` from /baseline/widget.js), so the
    // baseline's content-named files go there too, beside this build's.
    await cp(BASELINE, `${HOST_DIR}baseline/`, { recursive: true });
    await cp(BASELINE, HOST_DIR, { recursive: true, force: false });
  }

  const demo = await readFile(new URL('../demo/index.html', import.meta.url), 'utf8');
  const slot = /<div data-service-valuation[^>]*><\/div>/;
  const snippet = /<script async src="%WIDGET_HOST%\/(v1\/)?widget\.js"><\/script>/;
  if (!slot.test(demo) || !snippet.test(demo))
    throw new Error('demo/index.html no longer has the snippet the bench replaces');
  await mkdir(PAGES_DIR, { recursive: true });
  for (const candidate of CANDIDATES) {
    const page = (markup: string) =>
      demo.replace(slot, markup).replace(snippet, candidate.scripts).replaceAll('%HOST%', '%WIDGET_HOST%');
    await writeFile(`${PAGES_DIR}${candidate.name}.html`, page(candidate.markup));
    // The same page with its field far below the fold (below-fold.ts).
    await writeFile(
      `${PAGES_DIR}${candidate.name}-below.html`,
      page(`<div style="height:${BELOW_FOLD_PX}px"></div>${candidate.markup}`),
    );
  }
  for (const file of ['site.css', 'favicon.svg'])
    await cp(new URL(`../demo/${file}`, import.meta.url), `${PAGES_DIR}${file}`);
}
