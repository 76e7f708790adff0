/**
 * The sandbox's whole world in the official formats, written to one folder: HDB's resale prices and
 * rental approvals (data.gov.sg CSV), URA's transactions and rental contracts (URA Data Service JSON),
 * and OneMap's addresses of the HDB blocks. `npm run data:import -- FOLDER/*` loads them.
 */
import { join } from 'node:path';
import { writeHdbFiles } from './hdb-files.js';
import { hdbMarket } from './hdb-market.js';
import { writeOneMapFile } from './onemap-file.js';
import { writeUraFiles } from './ura-files.js';

export const SANDBOX_FILES = {
  hdbResale: 'ResaleFlatPrices.csv',
  hdbRental: 'RentingOutOfFlats.csv',
  uraTransactions: 'PMI_Resi_Transaction.json',
  uraRentals: 'PMI_Resi_Rental.json',
  oneMap: 'OneMapAddresses.json',
};

export interface SandboxWorld {
  from?: string;
  to?: string;
  seed?: number;
  blocksPerStreet?: number;
}

export async function writeSandboxFiles(folder: string, world: SandboxWorld = {}) {
  const { from = '2019-01', to = '2026-10', seed = 20261126, blocksPerStreet = 40 } = world;
  const path = (name: keyof typeof SANDBOX_FILES) => join(folder, SANDBOX_FILES[name]);
  const hdb = await writeHdbFiles({
    seed,
    blocksPerStreet,
    from,
    to,
    resalePath: path('hdbResale'),
    rentalPath: path('hdbRental'),
  });
  const addresses = await writeOneMapFile(path('oneMap'), hdbMarket({ seed, blocksPerStreet }).blocks);
  const ura = await writeUraFiles({
    seed: seed + 1,
    from,
    to,
    transactionsPath: path('uraTransactions'),
    rentalsPath: path('uraRentals'),
  });
  return {
    paths: Object.keys(SANDBOX_FILES).map((name) => path(name as keyof typeof SANDBOX_FILES)),
    hdb,
    ura,
    addresses,
  };
}
