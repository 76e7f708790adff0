/**
 * The sandbox's HDB market as HDB publishes it on data.gov.sg: resale flat prices (with the remaining
 * lease as "YY years MM months") and rental approvals, one line a sale or approval, in month order,
 * made a month at a time. Rents are self-declared, so a few are far off, as in the real file. Safe in a page.
 */
import { seededRandom } from '../fixtures/random.js';
import { type Block, hdbMarket, leaseValue, monthsBetween, saleSpread } from './hdb-market.js';

export interface HdbFilesOptions {
  seed?: number;
  blocksPerStreet?: number;
  /** The months of sales, YYYY-MM. */
  from: string;
  to: string;
  /** Sales of one flat type in one block a year (the country's is about 1). */
  salesPerYear?: number;
  /** Where to write the resale file, and the rental file (approvals from 2021 only, as HDB's). */
  resalePath: string;
  rentalPath?: string;
}

const RESALE_HEADER =
  'month,town,flat_type,block,street_name,storey_range,floor_area_sqm,flat_model,lease_commence_date,remaining_lease,resale_price';
const RENTAL_HEADER = 'rent_approval_date,town,block,street_name,flat_type,monthly_rent';

const remainingLease = (block: Block, month: string) => {
  const monthsLeft =
    (block.leaseCommenceYear + 99) * 12 - (Number(month.slice(0, 4)) * 12 + Number(month.slice(5)) - 1);
  return `${Math.floor(monthsLeft / 12)} years ${String(monthsLeft % 12).padStart(2, '0')} months`;
};

/** The files' text a month at a time, headers first: what a download of them would hold. Safe in a page. */
export function* hdbFileChunks(
  options: Omit<HdbFilesOptions, 'resalePath' | 'rentalPath'> & { rentals?: boolean },
): Generator<{ resale: string; rental: string; sales: number; rentals: number }> {
  const { blocks, fairPrice, random } = hdbMarket({
    seed: options.seed ?? 20261126,
    blocksPerStreet: options.blocksPerStreet ?? 40,
  });
  // Rentals draw from their own stream: the resales are the same whether the rental file is written or not.
  const rentalRandom = seededRandom((options.seed ?? 20261126) ^ 0x5eed);
  const perMonth = (options.salesPerYear ?? 1.2) / 12;
  // Each flat type of each block sells at its own rate, drawn once (exponential around the mean, from a
  // stream of its own): most seldom, a few often, as real blocks do (seven months of real sales give
  // 59 % of the blocks × flat types that sold one sale, 25 % two, 10 % three).
  const rateRandom = seededRandom((options.seed ?? 20261126) ^ 0x7a7e);
  const rates = blocks.map((block) => block.homes.map(() => -Math.log(1 - rateRandom())));
  yield { resale: `${RESALE_HEADER}\n`, rental: `${RENTAL_HEADER}\n`, sales: 0, rentals: 0 };
  for (const month of monthsBetween(options.from, options.to)) {
    let resale = '';
    let rental = '';
    let sales = 0;
    let rentals = 0;
    for (const [b, block] of blocks.entries()) {
      if (block.leaseCommenceYear > Number(month.slice(0, 4)) - 5) continue; // Resold after the minimum occupation period.
      for (const [h, home] of block.homes.entries()) {
        for (let n = poisson(random, perMonth * rates[b][h]); n > 0; n--) {
          const low = 1 + 3 * Math.floor(random() * (block.maxStorey / 3));
          const storey = low + Math.floor(random() * 3);
          const price = Math.round((fairPrice(block, home, storey, month) * saleSpread(random)) / 1000) * 1000;
          const storeys = `${String(low).padStart(2, '0')} TO ${String(low + 2).padStart(2, '0')}`;
          resale += `${month},${block.town},${home.flatType},${block.block},${block.street},${storeys},${home.floorAreaSqm},${home.flatModel},${block.leaseCommenceYear},${remainingLease(block, month)},${price}\n`;
          sales++;
        }
        if (options.rentals !== false && month >= '2021-01')
          for (let n = poisson(rentalRandom, perMonth * 1.5 * rates[b][h]); n > 0; n--) {
            const yearsLeft = block.leaseCommenceYear + 99 - Number(month.slice(0, 4));
            const monthly = fairPrice(block, home, 8, month) * 0.0052 * (leaseValue(60) / leaseValue(yearsLeft)) ** 0.7;
            const declared =
              monthly *
              Math.exp((rentalRandom() - 0.5) * 0.2) *
              (rentalRandom() < 0.01 ? [0.3, 3][Math.floor(rentalRandom() * 2)] : 1);
            // The rental file writes flat types with a hyphen ("4-ROOM"), as data.gov.sg's does.
            const rentalType = home.flatType.replace(/^(\d) ROOM$/, '$1-ROOM');
            rental += `${month},${block.town},${block.block},${block.street},${rentalType},${Math.round(declared / 10) * 10}\n`;
            rentals++;
          }
      }
    }
    yield { resale, rental, sales, rentals };
  }
}

export function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let n = 0;
  for (let p = random(); p > limit; p *= random()) n++;
  return n;
}
