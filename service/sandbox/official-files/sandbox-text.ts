/**
 * The sandbox's whole world in the official formats, as text: HDB's resale prices and rental approvals
 * (data.gov.sg CSV), URA's transactions and rental contracts (URA Data Service JSON), and OneMap's
 * addresses of the HDB blocks and condo projects. The sandbox imports these on start; `npm run
 * data:sandbox` writes them to a folder. Same world, same text. Safe in a page.
 */
import { condos } from '../fixtures/places.js';
import { hdbMarket } from './hdb-market.js';
import { hdbFileChunks } from './hdb-text.js';
import { oneMapText } from './onemap-text.js';
import { uraTexts } from './ura-text.js';

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

/** The world the sandbox starts with: five years of a few blocks a street, about 17,000 transactions. */
export const SANDBOX_START_WORLD: Required<SandboxWorld> = {
  from: '2021-11',
  to: '2026-10',
  seed: 20261126,
  blocksPerStreet: 3,
};

export interface SandboxFile {
  name: string;
  text: string;
}

export function sandboxFileTexts(world: SandboxWorld = {}) {
  const { from = '2019-01', to = '2026-10', seed = 20261126, blocksPerStreet = 40 } = world;
  let resale = '';
  let rental = '';
  const hdb = { sales: 0, rentals: 0 };
  for (const chunk of hdbFileChunks({ seed, blocksPerStreet, from, to })) {
    resale += chunk.resale;
    rental += chunk.rental;
    hdb.sales += chunk.sales;
    hdb.rentals += chunk.rentals;
  }
  const addresses = oneMapText(hdbMarket({ seed, blocksPerStreet }).blocks, condos);
  const ura = uraTexts({ seed: seed + 1, from, to });
  const files: SandboxFile[] = [
    { name: SANDBOX_FILES.hdbResale, text: resale },
    { name: SANDBOX_FILES.hdbRental, text: rental },
    { name: SANDBOX_FILES.uraTransactions, text: ura.transactions },
    { name: SANDBOX_FILES.uraRentals, text: ura.rentalContracts },
    { name: SANDBOX_FILES.oneMap, text: addresses.text },
  ];
  return { files, hdb, ura: { sales: ura.sales, rentals: ura.rentals }, addresses: addresses.count };
}

let startWorld: SandboxFile[] | undefined;
/** The start world's files, made once a process. */
export const sandboxStartFiles = () => (startWorld ??= sandboxFileTexts(SANDBOX_START_WORLD).files);
