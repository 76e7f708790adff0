/** The HDB resale prices loaded (home_transactions), as the model and the backtest read them. */
import type { Database } from '../../db/database.js';
import type { HdbSale } from '../estimates/hdb-model.js';

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

export async function loadHdbSales(db: Pick<Database, 'query'>): Promise<HdbSale[]> {
  const rows = await db.query<Row>(
    `select month, town, block, street, home_kind, storey_low, storey_high, floor_area_sqm, lease_commence_year, price
       from home_transactions where dataset = 'hdb_resale' order by month`,
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
