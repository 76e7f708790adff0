/**
 * `npm run data:import -- [--skip-invalid] FILE…`: loads official files (HDB resale and rentals,
 * URA transactions and rental contracts, OneMap addresses) into the service's database, the one
 * `npm start` uses (DATABASE_URL's server, or PGlite in SANDBOX_DATA_DIR). Each file is one
 * transaction; a file with an invalid row is refused whole unless --skip-invalid is given.
 */
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importOfficialFile } from './core/datasets/official/import-file.js';
import { commandDatabaseName, openCommandDatabase } from './db/command-database.js';

const usage = 'Usage: npm run data:import -- [--skip-invalid] [--report FILE] FILE…';
const { values, positionals: files } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { 'skip-invalid': { type: 'boolean' }, report: { type: 'string' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    process.exit(2);
  }
})();
if (values.help || !files.length) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}
if (values.report && !values['skip-invalid']) {
  console.error('--report names where --skip-invalid lists the rows it leaves out: give both, or neither.');
  process.exit(2);
}
if (values.report && files.length > 1) {
  console.error(
    "--report names one file's report: give one FILE with it (each file's report is FILE.invalid.csv otherwise).",
  );
  process.exit(2);
}

const db = await openCommandDatabase('npm run data:import');

/** A bar on a terminal (rows so far and their rate), a plain line every 100,000 rows otherwise. */
function progress(file: string) {
  const started = performance.now();
  const shown = { bar: false };
  return Object.assign((rows: number) => {
    const perSecond = Math.round(rows / ((performance.now() - started) / 1000));
    const figures = `${rows.toLocaleString('en')} rows, ${perSecond.toLocaleString('en')} a second`;
    if (process.stdout.isTTY) {
      process.stdout.write(`\r${file}: ${'█'.repeat(Math.min(30, Math.floor(rows / 50_000)))} ${figures}`);
      shown.bar = true;
    } else if (rows % 100_000 === 0) console.log(`${file}: ${figures}`);
  }, shown);
}

let failed = false;
let loaded = 0;
for (const file of files) {
  // One file's failure (a database error, a full disk) is said in a line; the other files still load.
  const onProgress = progress(file);
  const outcome = await importOfficialFile(db, file, {
    skipInvalid: values['skip-invalid'],
    reportPath: values.report,
    onProgress,
  }).catch((error: Error) => ({
    refused: `${file} was not imported: ${error.message}`,
    problems: [],
    problemCount: 0,
  }));
  if (onProgress.bar) process.stdout.write('\n');
  if ('refused' in outcome) {
    failed = true;
    console.error(outcome.refused);
    // As the docs write them: the file's name and line (or JSON path), then the column and value where there are.
    for (const p of outcome.problems) {
      const field = p.column ? ` ${p.column}${p.value ? ` "${p.value}"` : ''}` : '';
      console.error(`  ${basename(file)}:${p.line}${field}: ${p.reason}`);
    }
    if (outcome.problemCount > outcome.problems.length)
      console.error(`  … and ${(outcome.problemCount - outcome.problems.length).toLocaleString('en')} more.`);
    continue;
  }
  loaded++;
  const { dataset, rowsRead, rowsAdded, rowsSkipped, newestMonth } = outcome.imported;
  console.log(
    `${file}: ${dataset}, ${rowsRead.toLocaleString('en')} rows read, ${rowsAdded.toLocaleString('en')} added` +
      (rowsSkipped ? `, ${rowsSkipped.toLocaleString('en')} skipped (listed in ${outcome.reportPath})` : '') +
      (newestMonth ? `; newest month ${newestMonth}.` : '.'),
  );
}
if (loaded)
  console.log(
    `Loaded ${loaded === files.length ? '' : `${loaded} of ${files.length} files `}into ${commandDatabaseName()}.`,
  );
else console.error(`Nothing was loaded into ${commandDatabaseName()}.`);
await db.close();
process.exit(failed ? 1 : 0);
