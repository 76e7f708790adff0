/**
 * `npm run data:import` as a real process on a data folder: what it prints for an import and for a
 * refused file (and its exit code), and a kill -9 in the middle of a large file, which leaves nothing
 * half-loaded, after which the same file loads whole.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'service-data-import-'));
const folder = join(dir, 'db');
after(() => rmSync(dir, { recursive: true, force: true }));

const HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
/** `n` distinct resale rows in HDB's format. */
function resaleFile(name: string, n: number, street = 'BEDOK NORTH ROAD'): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const storey = 1 + 3 * (i % 8);
    const range = `${String(storey).padStart(2, '0')} TO ${String(storey + 2).padStart(2, '0')}`;
    lines.push(
      `2024-${String(1 + (i % 12)).padStart(2, '0')},BEDOK,4 ROOM,${100 + (i % 900)},${street},${range},${80 + (i % 40)},Model A,1985,60 years,${300_000 + i}`,
    );
  }
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Runs the command on the data folder; `onLine` may kill it. */
function dataImport(args: string[], onLine?: (line: string, kill: () => void) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'service/data-import.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_DATA_DIR: folder, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listen = (chunk: Buffer) => {
    output += chunk;
    for (const line of chunk.toString().split('\n')) if (line) onLine?.(line, () => child.kill('SIGKILL'));
  };
  child.stdout.on('data', listen);
  child.stderr.on('data', listen);
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, output })),
  );
}

async function counts() {
  const db = await openDatabase({ dataDir: folder, holder: 'the data-import test' });
  try {
    await migrate(db); // The folder may be new: the counts start at none.
    const [{ rows }] = await db.query<{ rows: number }>('select count(*)::int as rows from home_transactions');
    const [{ imports }] = await db.query<{ imports: number }>('select count(*)::int as imports from dataset_imports');
    return { rows, imports };
  } finally {
    await db.close();
  }
}

describe('npm run data:import', { timeout: 300_000 }, () => {
  it('says what it loaded, and refuses a bad file with its lines and exit code 1', async () => {
    const good = resaleFile('good.csv', 3);
    const before = await counts();
    const loaded = await dataImport([good]);
    assert.equal(loaded.code, 0, loaded.output);
    assert.match(loaded.output, /good\.csv: hdb_resale, 3 rows read, 3 added; newest month 2024-03\./);
    assert.ok(loaded.output.includes(`Loaded into the embedded database in ${folder} (`), 'it names the database');

    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `${HEADER}\n2024-01,BEDOK,4 ROOM,101,BEDOK NORTH ROAD,01 TO 03,84,Model A,1985,60 years,-5\n`);
    const refused = await dataImport([bad]);
    assert.equal(refused.code, 1);
    assert.match(refused.output, /bad\.csv was not imported: it has a problem/);
    assert.match(refused.output, /bad\.csv:2 resale_price "-5": is outside 5,000 to 10,000,000/);
    assert.doesNotMatch(refused.output, /Loaded into/, 'nothing was loaded, and it does not say it was');
    assert.ok(refused.output.includes(`Nothing was loaded into the embedded database in ${folder} (`));
    assert.deepEqual(await counts(), { rows: before.rows + 3, imports: before.imports + 1 });

    const mistyped = await dataImport(['--skip-invalids', good]);
    assert.equal(mistyped.code, 2);
    assert.match(mistyped.output, /Unknown option '--skip-invalids'[\s\S]*Usage: npm run data:import/);
    assert.doesNotMatch(mistyped.output, /\bat \w+ \(/, 'no stack trace');
    const reportAlone = await dataImport(['--report', join(dir, 'r.csv'), bad]);
    assert.equal(reportAlone.code, 2);
    assert.match(reportAlone.output, /--report names where --skip-invalid lists the rows it leaves out/);
  });

  it('leaves nothing half-loaded when killed (-9) mid-file, and loads the file whole afterwards', async () => {
    const big = resaleFile('big.csv', 250_000, 'BEDOK NORTH AVENUE 4');
    const before = await counts();
    const killed = await dataImport([big], (line, kill) => {
      if (/100,000 rows/.test(line)) kill();
    });
    assert.equal(killed.signal, 'SIGKILL', `it was killed mid-file: ${killed.output}`);
    assert.doesNotMatch(killed.output, /250,000 rows read/);
    assert.deepEqual(await counts(), before, 'nothing of the killed import');

    const again = await dataImport([big]);
    assert.equal(again.code, 0, again.output);
    assert.match(again.output, /250,000 rows read, 250,000 added/);
    assert.deepEqual(await counts(), { rows: before.rows + 250_000, imports: before.imports + 1 });
  });
});
