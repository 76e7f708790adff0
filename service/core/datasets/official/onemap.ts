/**
 * Addresses as OneMap's search answers them (its JSON pages, or a CSV of the same columns): a postal
 * code with its block, road, building, SVY21 point and latitude and longitude. The two positions must
 * agree: a row whose X/Y and LATITUDE/LONGITUDE are far apart is refused, since one of them is wrong.
 */
import { type Address, fieldReader, type ReadRow } from './rows.js';
import { inSingapore, svy21ToWgs84 } from '../../../geo/svy21.js';

export const ONEMAP_COLUMNS = [
  'SEARCHVAL',
  'BLK_NO',
  'ROAD_NAME',
  'BUILDING',
  'ADDRESS',
  'POSTAL',
  'X',
  'Y',
  'LATITUDE',
  'LONGITUDE',
];
/** How far apart OneMap's two positions of one address may be. */
const AGREE_WITHIN_METRES = 30;

const none = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed && trimmed !== 'NIL' ? trimmed : null;
};

export function readOneMapRow(line: string, row: Record<string, string | undefined>): ReadRow<Address> {
  const read = fieldReader(line, row);
  const postal = read.text('POSTAL', /^\d{6}$/, 'is not a six-digit postal code');
  const road = read.text('ROAD_NAME');
  const lat = read.number('LATITUDE', 1.15, 1.48);
  const lng = read.number('LONGITUDE', 103.59, 104.1);
  const x = read.number('X', 0, 60_000);
  const y = read.number('Y', 15_000, 55_000);
  if (read.problems.length === 0) {
    const point = svy21ToWgs84(x!, y!);
    const apart = Math.hypot((point.lat - lat!) * 110_574, (point.lng - lng!) * 111_320);
    if (!inSingapore(point) || apart > AGREE_WITHIN_METRES)
      read.fail('X', `with Y is ${Math.round(apart).toLocaleString('en')} m from LATITUDE/LONGITUDE`);
  }
  if (read.problems.length) return { line, problems: read.problems };
  return {
    line,
    record: {
      postal: postal!,
      block: none(row.BLK_NO),
      street: road!,
      building: none(row.BUILDING),
      lat: lat!,
      lng: lng!,
    },
  };
}
