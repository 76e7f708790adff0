/**
 * The sandbox's HDB blocks as OneMap's search answers them (one JSON page of results): postal code,
 * block, the road in full (HDB's files abbreviate it), and the point both as SVY21 X/Y and as latitude
 * and longitude. An HDB postal code is the town's sector and the block's number in four digits.
 */
import { writeFile } from 'node:fs/promises';
import { wgs84ToSvy21 } from '../../geo/svy21.js';
import type { Block } from './hdb-market.js';

/** A block's postal code: sector + number (a lettered block adds its letter's place in thousands). */
export function postalOf(block: Pick<Block, 'sector' | 'block'>): string {
  const [, number, letter] = /^(\d+)([A-Z]?)$/.exec(block.block)!;
  const offset = letter ? (letter.charCodeAt(0) - 64) * 1000 : 0;
  return `${block.sector}${String(Number(number) + offset).padStart(4, '0')}`;
}

export async function writeOneMapFile(path: string, blocks: Block[]): Promise<number> {
  const results = blocks.map((b) => {
    const postal = postalOf(b);
    const { easting, northing } = wgs84ToSvy21(b.lat, b.lng);
    return {
      SEARCHVAL: `${b.block} ${b.fullStreet}`,
      BLK_NO: b.block,
      ROAD_NAME: b.fullStreet,
      BUILDING: 'NIL',
      ADDRESS: `${b.block} ${b.fullStreet} SINGAPORE ${postal}`,
      POSTAL: postal,
      X: easting.toFixed(10),
      Y: northing.toFixed(10),
      LATITUDE: b.lat.toFixed(14),
      LONGITUDE: b.lng.toFixed(14),
    };
  });
  await writeFile(path, JSON.stringify({ found: results.length, totalNumPages: 1, pageNum: 1, results }));
  return results.length;
}
