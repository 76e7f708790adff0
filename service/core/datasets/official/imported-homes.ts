/**
 * The homes an operator imported (home_transactions, addresses), as the engine values them: an HDB
 * block's flat type, a condo project's bedrooms, a landed street's house type, each with the sales and
 * rents of the last five years. HDB blocks take their postal code and place from OneMap's addresses
 * when those were imported; without them a block has neither, and is valued from its own street and
 * town. Each estimate names the datasets it rests on, as their licences ask.
 */
import type { Database } from '../../../db/database.js';
import type { OfficialDataset } from './official-datasets.js';
import type { HdbData, HdbPlace, HdbRent } from '../../estimates/hdb-estimate.js';
import type { HdbHome, HdbSale } from '../../estimates/hdb-sale.js';
import { blockKey, monthName, monthNumber } from '../../estimates/hdb-sale.js';
import { setAsideOutliers } from '../../estimates/rent-outliers.js';
import {
  type DataSource,
  homesOf,
  midMonth,
  type Homes,
  type LoadedDataset,
  type PropertyRecord,
  type Transaction,
} from '../../estimates/homes.js';
import { median } from '../../estimates/statistics.js';
import { sourcesOf } from './dataset-attributions.js';
import type { ImportOrigin } from './import-file.js';
import { answerLegacyIds } from './legacy-ids.js';
import { canonically } from './imported-row-order.js';
import {
  type Address,
  addressBook,
  type AddressBook,
  hdbRecord,
  hdbSaleOf,
  homeKey,
  type HomeRecord,
  privateRecord,
  type Row,
} from './imported-rows.js';

/** How far back the engine reads; older rows stay in the database for the backtest. */
const YEARS_READ = 5;

export interface ImportedHomes {
  homes: Homes;
  /** HDB's resales and the rents the outlier rule kept, for the HDB model and the rent estimate. */
  hdb: HdbData;
  /** HDB's declared rents the outlier rule set aside (rent-outliers.ts). */
  rentsSetAside: number;
  /** What each kind of estimate rests on, by property type and mode. */
  sources: (propertyType: PropertyRecord['propertyType'], mode: Transaction['mode']) => DataSource[];
}

/** A home being gathered: its record less its area, and the areas, sales and rents read for it. */
interface Gathering {
  record: HomeRecord;
  /** An HDB flat's block, street, town and type, as HDB's files write them. */
  place?: HdbPlace;
  areas: number[];
  sales: HdbSale[];
  rents: Omit<HdbRent, 'propertyId'>[];
  transactions: (Omit<Transaction, 'floorAreaSqm'> & { floorAreaSqm: number | null })[];
}

const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
};

/**
 * The homes imported from official files (or, for `generated`, the sandbox's generated world imported in
 * their formats), or undefined when no transaction has been.
 */
export async function loadImportedHomes(
  db: Pick<Database, 'query'>,
  origin: ImportOrigin = 'official',
  /** false: as if OneMap's addresses were never imported (the coverage's measure without places). */
  { places = true }: { places?: boolean } = {},
): Promise<ImportedHomes | undefined> {
  const ofOrigin = 'import_id in (select id from dataset_imports where origin = $1)';
  const [{ month: newest } = { month: null }] = await db.query<{ month: string | null }>(
    `select max(month) as month from home_transactions where ${ofOrigin}`,
    [origin],
  );
  if (!newest) return undefined;
  const since = monthName(monthNumber(newest) - YEARS_READ * 12 + 1);
  const addresses = places
    ? await db.query<Address>(
        'select postal, block, street, building, lat, lng from addresses where origin = $1 order by postal',
        [origin],
      )
    : [];
  const rows = await db.query<Row>(
    `select dataset, mode, property_type, month, town, block, street, project, home_kind, storey_low, storey_high,
            floor_area_sqm, lease_commence_year, district, lat, lng, price, units, sale_type, market_segment
       from home_transactions where ${ofOrigin} and month >= $2 and month <= $3`,
    [origin, since, newest],
  );
  // Generated figures (the sandbox's world, start:live's samples): no estimate made from them names an official source.
  return homesFromRows(rows, addresses, origin === 'official' ? await sourcesOf(db) : new Map());
}

/**
 * The homes of imported rows (newest month first) and addresses: the database's (above) or files read in
 * memory (the sandbox's world in a page). Reads the last five years of the newest month's.
 */
export function homesFromRows(
  all: Row[],
  addresses: Address[],
  sources: Map<OfficialDataset, LoadedDataset> = new Map(),
): ImportedHomes | undefined {
  const newest = all.reduce<string | undefined>((max, row) => (!max || row.month > max ? row.month : max), undefined);
  if (!newest) return undefined;
  const since = monthName(monthNumber(newest) - YEARS_READ * 12 + 1);
  // Newest first, in one order however the rows came (imported-row-order.ts).
  const rows = all.filter((row) => row.month >= since).sort(canonically);
  const book = addressBook(addresses);
  const homes = new Map<string, Gathering>();
  const declared = rows.filter((row) => row.dataset === 'hdb_rental');
  const { setAside } = setAsideOutliers(
    declared.map((row) => ({
      row,
      month: row.month,
      town: row.town ?? '',
      flatType: row.home_kind,
      rent: Number(row.price),
    })),
  );
  const asideRows = new Set(setAside.map((rent) => rent.row));
  for (const row of rows) {
    // A bulk sale (URA's several units at one price) is counted by the import, and left out of the models.
    if (asideRows.has(row) || Number(row.units) > 1) continue;
    const home = gather(homes, row, book);
    if (!home) continue;
    const area = row.floor_area_sqm === null ? null : Number(row.floor_area_sqm);
    if (area !== null && row.mode === 'sale') home.areas.push(area);
    home.transactions.push({
      propertyId: home.record.id,
      mode: row.mode,
      date: midMonth(row.month),
      floorAreaSqm: area,
      price: Number(row.price),
      ...(row.storey_low !== null && row.storey_high !== null
        ? { storey: (Number(row.storey_low) + Number(row.storey_high)) / 2 }
        : {}),
      ...(row.sale_type ? { saleType: row.sale_type } : {}),
    });
    if (row.dataset === 'hdb_resale') home.sales.push(hdbSaleOf(row, area!));
    if (row.dataset === 'hdb_rental') home.rents.push({ month: row.month, rent: Number(row.price) });
  }
  return { ...assemble([...homes.values()], newest, sources), rentsSetAside: asideRows.size };
}

function gather(homes: Map<string, Gathering>, row: Row, addresses: AddressBook): Gathering | undefined {
  const key = homeKey(row);
  const known = homes.get(key);
  if (known) {
    // A home's first row may not say all a later one does (a rental contract names no segment, a download no place).
    const record = known.record;
    if (!record.marketSegment && row.market_segment) record.marketSegment = row.market_segment;
    if (Number.isNaN(record.lat) && row.lat !== null && row.lng !== null)
      Object.assign(record, { lat: Number(row.lat), lng: Number(row.lng) });
    return known;
  }
  const record = row.property_type === 'hdb' ? hdbRecord(row, addresses) : privateRecord(row, addresses);
  if (!record) return undefined;
  const place =
    row.property_type === 'hdb'
      ? { block: row.block!, street: row.street, town: row.town ?? '', flatType: row.home_kind }
      : undefined;
  const home = { record, place, areas: [], sales: [], rents: [], transactions: [] };
  homes.set(key, home);
  return home;
}

/**
 * Each home's typical size (the median of its sales; a home only rented takes its town's median for
 * the type), its rents given that size (HDB's rental approvals have none), and each HDB flat as the
 * model values it: the middle storey and the lease of its block's sales.
 */
function assemble(
  gathered: Gathering[],
  newest: string,
  sources: Map<OfficialDataset, LoadedDataset>,
): Omit<ImportedHomes, 'rentsSetAside'> {
  const areasOfKind = new Map<string, number[]>();
  const kindOf = (h: Gathering) => `${h.record.propertyType}|${h.record.town}|${h.record.unitType}`;
  for (const h of gathered) {
    const areas = areasOfKind.get(kindOf(h));
    if (areas) for (const area of h.areas) areas.push(area);
    else areasOfKind.set(kindOf(h), [...h.areas]);
  }

  const properties: PropertyRecord[] = [];
  const transactions: Transaction[] = [];
  const hdbHomes = new Map<string, HdbHome>();
  const places = new Map<string, HdbPlace>();
  const topStorey = new Map<string, number>();
  const sales: HdbSale[] = [];
  const rents: HdbRent[] = [];
  for (const h of gathered) {
    const size = h.areas.length ? median(h.areas) : median(areasOfKind.get(kindOf(h)) ?? []);
    if (!Number.isFinite(size)) continue;
    const floorAreaSqm = Math.round(size);
    const property = { ...h.record, floorAreaSqm };
    properties.push(property);
    for (const t of h.transactions) transactions.push({ ...t, floorAreaSqm: t.floorAreaSqm ?? floorAreaSqm });
    if (h.place) places.set(property.id, h.place);
    for (const rent of h.rents) rents.push({ ...rent, propertyId: property.id });
    if (!h.sales.length) continue;
    for (const sale of h.sales) sales.push(sale);
    const [first] = h.sales;
    const middle = median(h.sales.map((s) => (s.storeyLow + s.storeyHigh) / 2));
    hdbHomes.set(property.id, {
      town: first.town,
      block: first.block,
      street: first.street,
      flatType: first.flatType,
      storeyLow: Math.floor(middle),
      storeyHigh: Math.ceil(middle),
      floorAreaSqm,
      leaseCommenceYear: median(h.sales.map((s) => s.leaseCommenceYear)),
    });
  }
  const used: Record<PropertyRecord['propertyType'], Record<Transaction['mode'], OfficialDataset[]>> = {
    hdb: { sale: ['hdb_resale', 'onemap_addresses'], rent: ['hdb_rental', 'hdb_resale', 'onemap_addresses'] },
    condo: { sale: ['ura_sales'], rent: ['ura_rentals', 'ura_sales'] },
    landed: { sale: ['ura_sales'], rent: ['ura_rentals', 'ura_sales'] },
  };
  sales.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  // The highest storey a block's sales name, whatever their flat type.
  const blockTop = new Map<string, number>();
  for (const sale of sales) blockTop.set(blockKey(sale), Math.max(blockTop.get(blockKey(sale)) ?? 0, sale.storeyHigh));
  for (const [id, home] of hdbHomes) topStorey.set(id, blockTop.get(blockKey(home))!);
  // In the order of their ids, whatever order the rows came in (a database's, or a file's read in a page).
  properties.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const homes = homesOf(lastDayOf(newest), properties, transactions, [...sources.values()]);
  answerLegacyIds(homes);
  return {
    homes,
    hdb: { sales, homes: hdbHomes, places, rents, topStorey },
    sources: (type, mode) =>
      used[type][mode].flatMap((dataset) => {
        const source = sources.get(dataset);
        return source ? [{ text: source.text, url: source.url }] : [];
      }),
  };
}
