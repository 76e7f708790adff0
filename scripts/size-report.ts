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
 * What the snippet loads first, and everything a working panel needs (Lit included), measured as the
 * widget host serves them (`service/web/compression.ts`). Brotli, which every supported browser takes, carries
 * the targets (loader 1.2 KB, whole widget 15 KB); gzip, for clients without it, may not pass 16.5 KB.
 */
export const BUDGETS = {
  loader: 2 * KB,
  loaderBrotli: Math.floor(1.2 * KB),
  widget: Math.floor(16.5 * KB),
  // 15 KB is the target (issue 27); the chart's round grid values and its labelled estimate line (issue 26) cost 112 B
  // brotli, and suggestions written in the visitor's unit (issue 26, item 6) 40 B more, allowed here until the
  // start-up work wins them back.
  widgetBrotli: 15 * KB + 176,
};

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

const LANGUAGE_FILE = /^chunks\/(zh|ms|ta|intl-dates)-[\w-]+\.js$/;
/** The translations (and the date formatting they share), fetched only when a page asks for a language: outside the budget. */
export const isLanguageFile = (file: string) => LANGUAGE_FILE.test(file);
/** What an English visitor's browser downloads: the loader, the element and its other chunks. */
export const isWholeWidgetFile = (file: string) =>
  file === 'widget.js' || /^element-[\w-]+\.js$/.test(file) || (file.startsWith('chunks/') && !isLanguageFile(file));

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
  const loader = sizes.find((s) => s.file === 'widget.js')?.gzip ?? NaN;
  const loaderBrotli = sizes.find((s) => s.file === 'widget.js')?.brotli ?? NaN;
  const widget = widgetFiles.length < 2 ? NaN : widgetFiles.reduce((sum, s) => sum + s.gzip, 0);
  const widgetBrotli = widgetFiles.length < 2 ? NaN : widgetFiles.reduce((sum, s) => sum + s.brotli, 0);
  console.log(`\nloader (widget.js):          ${loader} B gzip, budget ${BUDGETS.loader} B`);
  console.log(`                             ${loaderBrotli} B brotli, budget ${BUDGETS.loaderBrotli} B`);
  console.log(`whole widget (loader + JS):  ${widget} B gzip, budget ${BUDGETS.widget} B`);
  console.log(`                             ${widgetBrotli} B brotli, budget ${BUDGETS.widgetBrotli} B`);
  for (const s of sizes.filter((s) => isLanguageFile(s.file))) {
    const language = LANGUAGE_FILE.exec(s.file)![1];
    const forWhom = language === 'intl-dates' ? 'zh, ms and ta' : language;
    console.log(`language file ${s.file.padEnd(30)} ${s.brotli} B brotli, fetched only for data-lang=${forWhom}`);
  }
  if (!(loader <= BUDGETS.loader)) problems.push(`the loader is ${loader} B gzip, over its ${BUDGETS.loader} B budget`);
  if (!(loaderBrotli <= BUDGETS.loaderBrotli))
    problems.push(`the loader is ${loaderBrotli} B brotli, over its ${BUDGETS.loaderBrotli} B budget`);
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
