/** Rows into their tables, a batch at a time: transactions by their key, addresses by postal code. */
import type { Database } from '../../../db/database.js';
import type { ImportOrigin, OfficialDataset } from './official-datasets.js';
import type { Address, HomeTransaction } from './rows.js';

type Queryable = Pick<Database, 'query'>;

/** Each column with its type: a batch goes in as one array a column (`unnest`), not a parameter a value. */
const TRANSACTION_COLUMNS: [string, string, (r: HomeTransaction) => unknown][] = [
  ['mode', 'text', (r) => r.mode],
  ['property_type', 'text', (r) => r.propertyType],
  ['month', 'text', (r) => r.month],
  ['town', 'text', (r) => r.town],
  ['block', 'text', (r) => r.block],
  ['street', 'text', (r) => r.street],
  ['project', 'text', (r) => r.project],
  ['home_kind', 'text', (r) => r.homeKind],
  ['storey_low', 'int', (r) => r.storeyLow],
  ['storey_high', 'int', (r) => r.storeyHigh],
  ['floor_area_sqm', 'float8', (r) => r.floorAreaSqm],
  ['flat_model', 'text', (r) => r.flatModel],
  ['lease_commence_year', 'int', (r) => r.leaseCommenceYear],
  ['tenure', 'text', (r) => r.tenure],
  ['district', 'text', (r) => r.district],
  ['lat', 'float8', (r) => r.lat],
  ['lng', 'float8', (r) => r.lng],
  ['price', 'float8', (r) => r.price],
  ['units', 'int', (r) => r.units],
  ['sale_type', 'text', (r) => r.saleType],
  ['market_segment', 'text', (r) => r.marketSegment],
];
const INSERT_TRANSACTIONS = `insert into home_transactions (row_key, dataset, import_id, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')})
  select k, $1, $2, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')}
    from unnest($3::text[], ${TRANSACTION_COLUMNS.map(([, type], i) => `$${i + 4}::${type}[]`).join(', ')})
      as t(k, ${TRANSACTION_COLUMNS.map(([c]) => c).join(', ')})
  on conflict (row_key) do update
    set sale_type = coalesce(home_transactions.sale_type, excluded.sale_type),
        market_segment = coalesce(home_transactions.market_segment, excluded.market_segment)
    where (home_transactions.sale_type is null and excluded.sale_type is not null)
       or (home_transactions.market_segment is null and excluded.market_segment is not null)
  returning (xmax = 0) as inserted`;

export async function insertTransactions(
  tx: Queryable,
  importId: string,
  dataset: OfficialDataset,
  rows: { key: string; record: HomeTransaction }[],
) {
  const columns = TRANSACTION_COLUMNS.map(([, , value]) => rows.map((row) => value(row.record)));
  // A row imported before its type of sale and market segment were read gets them now, and is not counted as added.
  const added = await tx.query<{ inserted: boolean }>(INSERT_TRANSACTIONS, [
    dataset,
    importId,
    rows.map((row) => row.key),
    ...columns,
  ]);
  return added.filter((row) => row.inserted).length;
}

/** Addresses by postal code: a newer answer replaces an older one's place (only real changes count as added). */
export async function insertAddresses(
  tx: Queryable,
  importId: string,
  batch: Address[],
  origin: ImportOrigin = 'official',
) {
  const rows = [...new Map(batch.map((a) => [a.postal, a])).values()];
  const column = (key: keyof Address) => rows.map((a) => a[key]);
  const added = await tx.query(
    `insert into addresses (postal, block, street, building, lat, lng, import_id, origin)
     select postal, block, street, building, lat, lng, $7, $8
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[])
         as t(postal, block, street, building, lat, lng)
     on conflict (origin, postal) do update
       set block = excluded.block, street = excluded.street, building = excluded.building,
           lat = excluded.lat, lng = excluded.lng, import_id = excluded.import_id
       where (addresses.block, addresses.street, addresses.building, addresses.lat, addresses.lng)
             is distinct from (excluded.block, excluded.street, excluded.building, excluded.lat, excluded.lng)
     returning 1`,
    [
      column('postal'),
      column('block'),
      column('street'),
      column('building'),
      column('lat'),
      column('lng'),
      importId,
      origin,
    ],
  );
  return added.length;
}
