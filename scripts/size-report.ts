/**
 * Prints the gzip and brotli size of every shipped file and fails when a budget is exceeded.
 * Also refuses to pass if a shipped file contains a platform key (svcp_...), which is a secret.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { brotli, gzip } from '../service/web/compression.js';

const DIST = new URL('../dist/', import.meta.url).pathname;
const KB = 1024;
/**
 * Everything a working panel needs (Lit included), in the one file the snippet loads, measured as
 * the widget host serves it (`service/web/compression.ts`). Brotli, which every supported browser
 * takes, carries the target (15 KB); gzip, for clients without it, may not pass 16.5 KB.
 */
/**
 * What issue 41 (real homes on the official data) allows the widget to grow by: 600 B for asking about
 * the visitor's home (its type among the address's, its storey, its floor area), as the issue says, and
 * the 66 B measured for naming the datasets under the attribution and leaving out a postal code the
 * data lacks, which the issue asks for elsewhere and gives no figure.
 */
const ISSUE_41 = 600 + 66;
/**
 * What issue 55 (item 5) allows: a storey the host refuses keeps the last estimate and the typed values,
 * marks the field and says beside it what it may be, instead of losing the form (measured: 222 B brotli,
 * 240 B gzip, of which 23 B is the contract's new `parameter` in the error check).
 */
const ISSUE_55 = { brotli: 222, gzip: 240 };
/**
 * What issue 56 allows: a sparse market's estimate says where a comparable's distance is unknown and, in
 * the visitor's language, how far its search was widened (measured: 235 B brotli, 263 B gzip, of which 71 B
 * brotli is the panel's line and the rest the contract's new `basis`, `near` and `distanceKnown` in the
 * estimate's check and the three phrases in English).
 */
const ISSUE_56 = { brotli: 235, gzip: 263 };
/**
 * What issue 59 allows: the estimate names the month its data rest on ("Transactions to Oct 2026", in each
 * language, where it said "As of 31 Oct 2026"): measured 4 B brotli more, gzip within its budget.
 */
const ISSUE_59 = { brotli: 4, gzip: 0 };
/**
 * What issue 65 allows: condos known from URA's downloaded files. The widget shows nothing new (its
 * comparables already say "Distance unknown"), but the estimate's check follows the contract, which
 * gained a comparable's `saleType` and the basis scope `project`: measured 7 B brotli less, 27 B gzip more.
 */
const ISSUE_65 = { brotli: 0, gzip: 27 };
export const BUDGETS = {
  // Gzip packs the same code about a tenth larger than brotli (issue 41's growth: 135 B gzip for 123 B brotli).
  widget:
    Math.floor(16.5 * KB) + Math.round(ISSUE_41 * 1.1) + ISSUE_55.gzip + ISSUE_56.gzip + ISSUE_59.gzip + ISSUE_65.gzip,
  // 15 KB is the target (issue 27), not met: the three language files' SHA-256 hashes, which widget.js must carry
  // for their integrity, are 132 characters no compressor can shorten (about 100 B brotli), and a failed language
  // shows the failure box and can be asked again. 160 B over the target was allowed, below the 15,521 B of the
  // loader and element the one file replaced; issue 39 added 120 B for what a visitor reads: unit types in the
  // panel's language (about 37 B) and a chart that redraws to fill a wide panel (about 97 B). Issue 41's is above.
  widgetBrotli: 15 * KB + 280 + ISSUE_41 + ISSUE_55.brotli + ISSUE_56.brotli + ISSUE_59.brotli + ISSUE_65.brotli,
};

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

const LANGUAGE_FILE = /^languages\/(zh|ms|ta)-[\w-]+\.json$/;
/** The translations, data fetched only when a page asks for a language: outside the budget. */
export const isLanguageFile = (file: string) => LANGUAGE_FILE.test(file);
/**
 * What an English visitor's browser downloads: widget.js, which carries the element; and, in a build
 * from before the one file (a bench baseline), the element and its chunks.
 */
export const isWholeWidgetFile = (file: string) =>
  file === 'widget.js' || /^element-[\w-]+\.js$/.test(file) || /^chunks\/(?!zh|ms|ta|intl-dates)[\w-]+\.js$/.test(file);

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
}

export async function measure(): Promise<FileSize[]> {
  // At once: each gzip is a Zopfli worker of its own, about half a second for the element.
  return Promise.all(
    (await files(DIST)).sort().map(async (path): Promise<FileSize> => {
      const content = await readFile(path);
      return {
        file: relative(DIST, path),
        bytes: content.length,
        gzip: (await gzip(content)).length,
        brotli: brotli(content).length,
      };
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = await measure();
  const problems: string[] = [];
  console.log('file'.padEnd(40), 'bytes'.padStart(9), 'gzip'.padStart(9), 'brotli'.padStart(9));
  for (const s of sizes)
    console.log(
      s.file.padEnd(40),
      String(s.bytes).padStart(9),
      String(s.gzip).padStart(9),
      String(s.brotli).padStart(9),
    );

  const widgetFiles = sizes.filter((s) => isWholeWidgetFile(s.file));
  const widget = widgetFiles.length ? widgetFiles.reduce((sum, s) => sum + s.gzip, 0) : NaN;
  const widgetBrotli = widgetFiles.length ? widgetFiles.reduce((sum, s) => sum + s.brotli, 0) : NaN;
  console.log(`\nwhole widget (widget.js):  ${widget} B gzip, budget ${BUDGETS.widget} B`);
  console.log(`                           ${widgetBrotli} B brotli, budget ${BUDGETS.widgetBrotli} B`);
  for (const s of sizes.filter((s) => isLanguageFile(s.file))) {
    const language = LANGUAGE_FILE.exec(s.file)![1];
    console.log(`language file ${s.file.padEnd(30)} ${s.brotli} B brotli, fetched only for data-lang=${language}`);
  }
  if (!(widget <= BUDGETS.widget)) problems.push(`the widget is ${widget} B gzip, over its ${BUDGETS.widget} B budget`);
  if (!(widgetBrotli <= BUDGETS.widgetBrotli))
    problems.push(`the widget is ${widgetBrotli} B brotli, over its ${BUDGETS.widgetBrotli} B budget`);

  for (const path of await files(DIST)) {
    if (/svcp_(test|live)_[A-Za-z0-9]/.test(await readFile(path, 'latin1')))
      problems.push(`${relative(DIST, path)} contains a platform key (svcp_…)`);
  }
  if (problems.length) {
    console.error(`\nSize check failed:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nSize check passed: every budget met, no platform key in any shipped file.');
}
