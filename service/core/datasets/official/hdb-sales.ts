/**
 * The HDB resale prices and rents loaded from official files (home_transactions), as the backtest reads
 * them; the sandbox's generated world, imported beside them, is not among them.
 */
import type { Database } from '../../../db/database.js';
import type { HdbSale } from '../../estimates/hdb-model.js';
import { setAsideOutliers } from '../../estimates/rent-outliers.js';

const OFFICIAL = "import_id in (select id from dataset_imports where origin = 'official')";

interface Row {
  month: string;
  town: string;
  block: string;
  street: string;
  home_kind: string;
  storey_low: number;
  storey_high: number;
  floor_area_sqm: number;
  lease_commence_year: number;
  price: number;
}

/** Every sale, or those from month `since` (YYYY-MM) on: the model reads only its window. */
export async function loadHdbSales(
  db: Pick<Database, 'query'>,
  { since }: { since?: string } = {},
): Promise<HdbSale[]> {
  const rows = await db.query<Row>(
    `select month, town, block, street, home_kind, storey_low, storey_high, floor_area_sqm, lease_commence_year, price
       from home_transactions where dataset = 'hdb_resale' and ($1::text is null or month >= $1) and ${OFFICIAL}
      order by month`,
    [since ?? null],
  );
  return rows.map((r) => ({
    month: r.month,
    town: r.town,
    block: r.block,
    street: r.street,
    flatType: r.home_kind,
    storeyLow: r.storey_low,
    storeyHigh: r.storey_high,
    floorAreaSqm: Number(r.floor_area_sqm),
    leaseCommenceYear: r.lease_commence_year,
    price: Number(r.price),
  }));
}

/** HDB's declared rents, with those the outlier rule (rent-outliers.ts) sets aside kept apart. */
export async function loadHdbRents(db: Pick<Database, 'query'>, { since }: { since?: string } = {}) {
  const rows = await db.query<{
    month: string;
    town: string;
    block: string;
    street: string;
    home_kind: string;
    price: number;
  }>(
    `select month, town, block, street, home_kind, price from home_transactions
      where dataset = 'hdb_rental' and ($1::text is null or month >= $1) and ${OFFICIAL} order by month`,
    [since ?? null],
  );
  return setAsideOutliers(
    rows.map((r) => ({
      month: r.month,
      town: r.town,
      block: r.block,
      street: r.street,
      flatType: r.home_kind,
      rent: Number(r.price),
    })),
  );
}
