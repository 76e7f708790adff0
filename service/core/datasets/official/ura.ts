/**
 * URA Data Service answers (PMI_Resi_Transaction, PMI_Resi_Rental): projects with SVY21 coordinates,
 * each holding its transactions or rental contracts. Months come as MMYY; rentals give the floor area
 * and bedrooms as ranges.
 */
import { fieldReader, type HomeTransaction, homeTransaction, type ReadRow, type SaleType, stringsOf } from './rows.js';
import { inSingapore, svy21ToWgs84 } from '../../../geo/svy21.js';

type Json = Record<string, unknown>;

const LANDED = /^(strata )?(detached|semi-detached|terrace)( house)?$/i;
const NON_LANDED = /^(apartment|condominium|executive condominium|non-landed properties)$/i;
const RESIDENTIAL = new RegExp(`${LANDED.source}|${NON_LANDED.source}`, 'i');
const MMYY = /^(0[1-9]|1[0-2])(\d{2})$/;
const FLOORS = /^(B?\d{1,2})-(B?\d{1,2})$/;
const AREA_RANGE = /^(\d{1,5})(?:-(\d{1,5}))?$/;

const monthOf = (mmyy: string) => {
  const [, mm, yy] = MMYY.exec(mmyy)!;
  return `${Number(yy) < 70 ? '20' : '19'}${yy}-${mm}`;
};
const segmentOf = (text = '') => {
  const segment = text.trim();
  return segment === 'CCR' || segment === 'RCR' || segment === 'OCR' ? segment : null;
};
/** The API's typeOfSale: 1 a new sale, 2 a sub sale, 3 a resale. */
const SALE_TYPES: Record<string, SaleType> = { '1': 'new_sale', '2': 'sub_sale', '3': 'resale' };
const storey = (floor: string) => (floor.startsWith('B') ? -Number(floor.slice(1)) : Number(floor));

/** A project's place: its coordinates when URA gives them (some projects have none). */
function placeOf(project: Json, read: ReturnType<typeof fieldReader>) {
  const x = String(project.x ?? '').trim();
  const y = String(project.y ?? '').trim();
  if (!x && !y) return { lat: null, lng: null };
  const point = svy21ToWgs84(Number(x), Number(y));
  if (!Number.isFinite(point.lat) || !inSingapore(point)) {
    read.fail('x', 'with y is not an SVY21 point in Singapore');
    return { lat: null, lng: null };
  }
  return point;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const notA = (line: string, column: string, what: string): ReadRow<HomeTransaction> => ({
  line,
  problems: [{ line, column, value: '', reason: `is not ${what}` }],
});

/** Each entry of each project, read with its project's fields (as strings, read once a project). */
function projectRows(
  document: unknown,
  entries: 'transaction' | 'rental',
  readEntry: (project: Json, row: Record<string, string>, line: string) => ReadRow<HomeTransaction>,
): ReadRow<HomeTransaction>[] {
  const result = isObject(document) ? document.Result : undefined;
  if (!Array.isArray(result)) return [notA('/Result', 'Result', 'a list of projects')];
  return result.flatMap((project: unknown, p) => {
    if (!isObject(project)) return [notA(`/Result/${p}`, 'project', 'a project')];
    const list = project[entries];
    if (!Array.isArray(list)) return [notA(`/Result/${p}`, entries, 'a list')];
    const projectFields = stringsOf(Object.fromEntries(Object.entries(project).filter(([key]) => key !== entries)));
    const where = fieldReader(`/Result/${p}`, projectFields);
    placeOf(project, where);
    if (where.problems.length) {
      const them = `its ${list.length} ${entries === 'rental' ? 'rental contracts' : 'transactions'} are left out with it`;
      return [
        {
          line: `/Result/${p}`,
          problems: where.problems.map((problem) => ({ ...problem, reason: `${problem.reason} (${them})` })),
        },
      ];
    }
    return list.map((entry: unknown, t) => {
      const line = `/Result/${p}/${entries}/${t}`;
      if (!isObject(entry)) return notA(line, entries, `a ${entries === 'rental' ? 'rental contract' : 'transaction'}`);
      return readEntry(project, { ...projectFields, ...stringsOf(entry) }, line);
    });
  });
}

/** What every URA entry says with its project: the project, street, property type, month, district and place. */
function readPrivateHome(
  read: ReturnType<typeof fieldReader>,
  project: Json,
  row: Record<string, string>,
  monthColumn: string,
) {
  const name = read.text('project');
  const street = read.text('street');
  const kind = read.text('propertyType', RESIDENTIAL, 'is not a residential property type');
  const month = read.text(monthColumn, MMYY, 'is not a month as MMYY');
  const place = placeOf(project, read);
  return {
    kind,
    home: () => ({
      propertyType: LANDED.test(kind!) ? ('landed' as const) : ('condo' as const),
      month: monthOf(month!),
      street: street!,
      project: name!,
      homeKind: kind!,
      district: (row.district ?? '').trim() || null,
      ...place,
    }),
  };
}

export function readUraSales(document: unknown): ReadRow<HomeTransaction>[] {
  return projectRows(document, 'transaction', (project, row, line) => {
    const read = fieldReader(line, row);
    const { home } = readPrivateHome(read, project, row, 'contractDate');
    const area = read.number('area', 15, 20_000);
    const price = read.number('price', 50_000, 500_000_000);
    const units = read.number('noOfUnits', 1, 1_000, { whole: true });
    const floors = (row.floorRange ?? '').trim();
    const range = FLOORS.exec(floors);
    if (floors && floors !== '-' && !range) read.fail('floorRange', 'is not a floor range such as "01-05"');
    if (read.problems.length) return { line, problems: read.problems };
    return {
      line,
      record: homeTransaction({
        ...home(),
        mode: 'sale',
        storeyLow: range ? storey(range[1]) : null,
        storeyHigh: range ? storey(range[2]) : null,
        floorAreaSqm: area! / units!,
        leaseCommenceYear: Number(/commencing from (\d{4})/.exec(row.tenure ?? '')?.[1]) || null,
        tenure: (row.tenure ?? '').trim() || null,
        price: price!,
        units: units!,
        saleType: SALE_TYPES[(row.typeOfSale ?? '').trim()] ?? null,
        marketSegment: segmentOf(row.marketSegment),
      }),
    };
  });
}

export function readUraRentals(document: unknown): ReadRow<HomeTransaction>[] {
  return projectRows(document, 'rental', (project, row, line) => {
    const read = fieldReader(line, row);
    const { kind, home } = readPrivateHome(read, project, row, 'leaseDate');
    const areas = read.text('areaSqm', AREA_RANGE, 'is not an area range such as "100-110"');
    const rent = read.number('rent', 100, 200_000);
    const bedrooms = (row.noOfBedRoom ?? '').trim();
    if (bedrooms && bedrooms !== 'NA' && !/^\d{1,2}$/.test(bedrooms))
      read.fail('noOfBedRoom', 'is not a number of bedrooms or NA');
    if (read.problems.length) return { line, problems: read.problems };
    const [, low, high] = AREA_RANGE.exec(areas!)!;
    return {
      line,
      record: homeTransaction({
        ...home(),
        mode: 'rent',
        homeKind: /^\d+$/.test(bedrooms) ? `${bedrooms}-bedroom` : kind!,
        floorAreaSqm: high ? (Number(low) + Number(high)) / 2 : Number(low),
        price: rent!,
      }),
    };
  });
}
