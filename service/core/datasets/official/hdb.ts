/**
 * HDB's two files on data.gov.sg: resale flat prices (with `remaining_lease` from 2015, as text such as
 * "61 years 04 months" or a bare number of years) and rental approvals. Neither has a unit number or a
 * postal code: a flat is known by its town, block, street, flat type and storey range.
 */
import { fieldReader, type HomeTransaction, homeTransaction, MONTH, type ReadRow } from './rows.js';

export const RESALE_COLUMNS = [
  'month',
  'town',
  'flat_type',
  'block',
  'street_name',
  'storey_range',
  'floor_area_sqm',
  'flat_model',
  'lease_commence_date',
  'remaining_lease',
  'resale_price',
];
export const RENTAL_COLUMNS = ['rent_approval_date', 'town', 'block', 'street_name', 'flat_type', 'monthly_rent'];

/** HDB's flat types: the resale file writes "4 ROOM", the rental file "4-ROOM". */
const FLAT_TYPE = /^([1-5][ -]ROOM|EXECUTIVE|MULTI[- ]GENERATION)$/;
const BLOCK = /^\d{1,4}[A-Z]?$/;
const TOWN = /^[A-Z][A-Z /'.&-]*$/;
const STOREYS = /^(\d{2}) TO (\d{2})$/;
const REMAINING = /^(\d{1,2})(?: years?)?(?: (\d{1,2}) months?)?$/;

const flatType = (raw: string) =>
  raw.replace(/^([1-5])-ROOM$/, '$1 ROOM').replace('MULTI GENERATION', 'MULTI-GENERATION');

/** What both HDB files say of a flat: its month, town, block, street and flat type. */
function readFlat(read: ReturnType<typeof fieldReader>, monthColumn: string) {
  const month = read.text(monthColumn, MONTH, 'is not a month (YYYY-MM)');
  const town = read.text('town', TOWN, 'is not a town name');
  const type = read.text('flat_type', FLAT_TYPE, 'is not an HDB flat type (1 ROOM … EXECUTIVE, MULTI-GENERATION)');
  const block = read.text('block', BLOCK, 'is not a block number');
  const street = read.text('street_name');
  return () => ({
    propertyType: 'hdb' as const,
    month: month!,
    town: town!,
    block: block!,
    street: street!,
    homeKind: flatType(type!),
  });
}

export function readResaleRow(line: string, row: Record<string, string | undefined>): ReadRow<HomeTransaction> {
  const read = fieldReader(line, row);
  const flat = readFlat(read, 'month');
  const storeys = read.text('storey_range', STOREYS, 'is not a storey range such as "10 TO 12"');
  const [low, high] = storeys ? storeys.split(' TO ').map(Number) : [];
  if (storeys && low > high) read.fail('storey_range', 'goes down');
  const area = read.number('floor_area_sqm', 20, 400);
  const model = read.text('flat_model');
  const leaseYear = read.number('lease_commence_date', 1960, 2040, { whole: true });
  const price = read.number('resale_price', 5_000, 10_000_000);
  const remaining = (row.remaining_lease ?? '').trim();
  if (remaining && !REMAINING.test(remaining))
    read.fail('remaining_lease', 'is not "YY years MM months" or a number of years');
  if (read.problems.length) return { line, problems: read.problems };
  return {
    line,
    record: homeTransaction({
      ...flat(),
      mode: 'sale',
      storeyLow: low,
      storeyHigh: high,
      floorAreaSqm: area!,
      flatModel: model!,
      leaseCommenceYear: leaseYear!,
      tenure: '99-year leasehold',
      price: price!,
    }),
  };
}

export function readRentalRow(line: string, row: Record<string, string | undefined>): ReadRow<HomeTransaction> {
  const read = fieldReader(line, row);
  const flat = readFlat(read, 'rent_approval_date');
  const rent = read.number('monthly_rent', 100, 30_000);
  if (read.problems.length) return { line, problems: read.problems };
  return { line, record: homeTransaction({ ...flat(), mode: 'rent', price: rent! }) };
}
