/**
 * The CSV files URA's public "Private Residential Property Transactions" and "… Rental Contracts"
 * searches download, for an operator without URA's API key. They carry what the API's JSON carries
 * less the coordinates: a project is known by its name and street, and its place by its postal
 * district. Their quirks: money and areas with thousands separators (`"1,240,659"`), months as `Apr-23`,
 * `-` for none (a nett price, a floor level), floor levels as `01 to 05` or `B1 to B5`, a rental's area
 * as a range (`100 to 110`), and tenures as `Freehold` or `99 yrs lease commencing from 2023`.
 */
import {
  fieldReader,
  type HomeTransaction,
  homeTransaction,
  type MarketSegment,
  type ReadRow,
  type SaleType,
} from './rows.js';

export const URA_SALES_COLUMNS = [
  'Project Name',
  'Transacted Price ($)',
  'Area (SQFT)',
  'Unit Price ($ PSF)',
  'Sale Date',
  'Street Name',
  'Type of Sale',
  'Type of Area',
  'Area (SQM)',
  'Unit Price ($ PSM)',
  'Nett Price($)',
  'Property Type',
  'Number of Units',
  'Tenure',
  'Postal District',
  'Market Segment',
  'Floor Level',
];

export const URA_RENTALS_COLUMNS = [
  'Project Name',
  'Street Name',
  'Postal District',
  'Property Type',
  'No of Bedroom',
  'Monthly Rent ($)',
  'Floor Area (SQM)',
  'Floor Area (SQFT)',
  'Lease Commencement Date',
];

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const MONTH = /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-(\d{2})$/i;
const FLOORS = /^(B?\d{1,2}) to (B?\d{1,2})$/i;
const AREA_RANGE = /^(\d{1,5}) to (\d{1,5})$|^(\d{1,5})$/;
const DISTRICT = /^(0?[1-9]|1\d|2[0-8])$/;
const LANDED = /^(strata )?(detached|semi-detached|terrace)( house)?$/i;
const RESIDENTIAL =
  /^(apartment|condominium|executive condominium|(strata )?(detached|semi-detached|terrace)( house)?)$/i;
const SALE_TYPES: Record<string, SaleType> = { 'new sale': 'new_sale', 'sub sale': 'sub_sale', resale: 'resale' };
const SEGMENTS: Record<string, MarketSegment> = {
  'core central region': 'CCR',
  'rest of central region': 'RCR',
  'outside central region': 'OCR',
};

const monthOf = (text: string) => {
  const [, name, yy] = MONTH.exec(text)!;
  return `20${yy}-${String(MONTHS.indexOf(name.toUpperCase()) + 1).padStart(2, '0')}`;
};
const storey = (floor: string) => (/^b/i.test(floor) ? -Number(floor.slice(1)) : Number(floor));

/** What both downloads say of a project: its name, street, district, property type and month. */
function readProject(read: ReturnType<typeof fieldReader>, monthColumn: string) {
  const project = read.text('Project Name');
  const street = read.text('Street Name');
  const district = read.text('Postal District', DISTRICT, 'is not a postal district (1 to 28)');
  const kind = read.text('Property Type', RESIDENTIAL, 'is not a residential property type');
  const month = read.text(monthColumn, MONTH, 'is not a month such as "Apr-23"');
  return () => ({
    propertyType: LANDED.test(kind!) ? ('landed' as const) : ('condo' as const),
    project: project!,
    street: street!,
    district: district!.padStart(2, '0'),
    homeKind: kind!,
    month: monthOf(month!),
  });
}

export function readUraSaleRow(line: string, row: Record<string, string | undefined>): ReadRow<HomeTransaction> {
  const read = fieldReader(line, row);
  const project = readProject(read, 'Sale Date');
  const price = read.number('Transacted Price ($)', 50_000, 2_000_000_000);
  const area = read.number('Area (SQM)', 15, 500_000);
  const units = read.number('Number of Units', 1, 10_000, { whole: true });
  const saleType = SALE_TYPES[(row['Type of Sale'] ?? '').trim().toLowerCase()];
  if (!saleType) read.fail('Type of Sale', 'is not New Sale, Sub Sale or Resale');
  const floors = (row['Floor Level'] ?? '').trim();
  const range = FLOORS.exec(floors);
  if (floors && floors !== '-' && !range) read.fail('Floor Level', 'is not a floor range such as "01 to 05" or "-"');
  const tenure = (row.Tenure ?? '').trim();
  if (read.problems.length) return { line, problems: read.problems };
  return {
    line,
    record: homeTransaction({
      ...project(),
      mode: 'sale',
      storeyLow: range ? storey(range[1]) : null,
      storeyHigh: range ? storey(range[2]) : null,
      // A bulk sale states its units' total area and price, as the API's does its total price.
      floorAreaSqm: area! / units!,
      leaseCommenceYear: Number(/commencing from (\d{4})/i.exec(tenure)?.[1]) || null,
      tenure: tenure || null,
      price: price!,
      units: units!,
      saleType,
      marketSegment: SEGMENTS[(row['Market Segment'] ?? '').trim().toLowerCase()] ?? null,
    }),
  };
}

export function readUraRentalRow(line: string, row: Record<string, string | undefined>): ReadRow<HomeTransaction> {
  const read = fieldReader(line, row);
  const project = readProject(read, 'Lease Commencement Date');
  const rent = read.number('Monthly Rent ($)', 100, 200_000);
  const areas = read.text('Floor Area (SQM)', AREA_RANGE, 'is not an area range such as "100 to 110"');
  const bedrooms = (row['No of Bedroom'] ?? '').trim();
  if (areas && Number(/\d+/.exec(areas)![0]) < 10) read.fail('Floor Area (SQM)', 'is below 10 m²: no home is so small');
  if (bedrooms && bedrooms !== 'NA' && bedrooms !== '-' && !/^\d{1,2}$/.test(bedrooms))
    read.fail('No of Bedroom', 'is not a number of bedrooms, NA or "-"');
  if (read.problems.length) return { line, problems: read.problems };
  const [, low, high, single] = AREA_RANGE.exec(areas!)!;
  const home = project();
  return {
    line,
    record: homeTransaction({
      ...home,
      mode: 'rent',
      homeKind: /^\d+$/.test(bedrooms) ? `${Number(bedrooms)}-bedroom` : home.homeKind,
      floorAreaSqm: single ? Number(single) : (Number(low) + Number(high)) / 2,
      price: rent!,
    }),
  };
}
