/**
 * The sandbox's world in the official formats: written by its generator, loaded by the one importer
 * with no invalid row, the same files from the same seed, and OneMap's addresses covering every HDB
 * block that trades (HDB's files abbreviate the street; OneMap writes it in full); the rent outlier rule
 * sets aside the rents the generator declared far off.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { importOfficialFile } from '../core/datasets/official/import-file.js';
import { loadHdbRents } from '../core/datasets/official/hdb-sales.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { hdbMarket, hdbStreet } from '../sandbox/official-files/hdb-market.js';
import { writeSandboxFiles } from '../sandbox/official-files/sandbox-files.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-files-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const world = { from: '2025-01', to: '2026-10', blocksPerStreet: 10 };
const digests = (paths: string[]) => paths.map((p) => createHash('sha256').update(readFileSync(p)).digest('hex'));

describe("the sandbox's files in the official formats", () => {
  it('load through the importer whole, each recognised as its dataset', async () => {
    mkdirSync(join(dir, 'a'));
    const written = await writeSandboxFiles(join(dir, 'a'), world);
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(db);
      const datasets = [];
      for (const path of written.paths) {
        const outcome = await importOfficialFile(db, path);
        assert.ok('imported' in outcome, JSON.stringify(outcome));
        assert.equal(outcome.imported.rowsSkipped, 0);
        assert.equal(outcome.imported.rowsAdded, outcome.imported.rowsRead, path);
        datasets.push(outcome.imported.dataset);
      }
      assert.deepEqual(datasets, ['hdb_resale', 'hdb_rental', 'ura_sales', 'ura_rentals', 'onemap_addresses']);
      assert.ok(written.hdb.sales > 1000 && written.ura.sales > 500 && written.ura.rentals > 500);

      const blocks = await db.query<{ block: string; street: string }>(
        "select distinct block, street from home_transactions where dataset = 'hdb_resale'",
      );
      const addresses = await db.query<{ block: string; street: string }>('select block, street from addresses');
      const known = new Set(addresses.map((a) => `${a.block}|${hdbStreet(a.street)}`));
      const missing = blocks.filter((b) => !known.has(`${b.block}|${b.street}`));
      // OneMap's file misses some blocks, as an operator's does; every block it holds joins its sales.
      const unplaced = new Set(
        hdbMarket({ seed: 20261126, blocksPerStreet: world.blocksPerStreet })
          .blocks.filter((b) => !b.placed)
          .map((b) => `${b.block}|${b.street}`),
      );
      assert.deepEqual(
        missing.filter((b) => !unplaced.has(`${b.block}|${b.street}`)),
        [],
        'every block in OneMap’s file has its address',
      );
      assert.ok(missing.length > 0 && missing.length < blocks.length / 2, `${missing.length} of ${blocks.length}`);
      // The generator declares one rent in a hundred far off (a third, or three times): the rule finds them.
      const rents = await loadHdbRents(db);
      const share = rents.setAside.length / (rents.kept.length + rents.setAside.length);
      assert.ok(share > 0.005 && share < 0.015, `set aside ${share}`);
      const [condo] = await db.query<{ lat: number; lng: number }>(
        "select lat, lng from home_transactions where project = 'THE SAIL @ MARINA BAY' limit 1",
      );
      assert.ok(
        Math.abs(condo.lat - 1.2801) < 1e-6 && Math.abs(condo.lng - 103.8527) < 1e-6,
        'URA x/y back to the place',
      );
    } finally {
      await db.close();
    }
  });

  it('are the same files from the same seed', async () => {
    mkdirSync(join(dir, 'b'));
    const again = await writeSandboxFiles(join(dir, 'b'), world);
    assert.deepEqual(digests(again.paths), digests(again.paths.map((p) => p.replace(join(dir, 'b'), join(dir, 'a')))));
  });
});
