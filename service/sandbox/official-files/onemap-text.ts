/**
 * The sandbox's addresses as OneMap's search answers them (one JSON page of results): each HDB block and
 * each condo project, with its postal code, block, road in full (HDB's files abbreviate it), building,
 * and point both as SVY21 X/Y and as latitude and longitude. An HDB postal code is the town's sector and
 * the block's number in four digits. Safe in a page.
 */
import { wgs84ToSvy21 } from '../../geo/svy21.js';
import type { CondoProject } from '../fixtures/places.js';
import type { Block } from './hdb-market.js';

/** A block's postal code: sector + number (a lettered block adds its letter's place in thousands). */
export function postalOf(block: Pick<Block, 'sector' | 'block'>): string {
  const [, number, letter] = /^(\d+)([A-Z]?)$/.exec(block.block)!;
  const offset = letter ? (letter.charCodeAt(0) - 64) * 1000 : 0;
  return `${block.sector}${String(Number(number) + offset).padStart(4, '0')}`;
}

interface Place {
  block: string;
  road: string;
  building: string;
  postal: string;
  lat: number;
  lng: number;
}

function result({ block, road, building, postal, lat, lng }: Place) {
  const { easting, northing } = wgs84ToSvy21(lat, lng);
  return {
    SEARCHVAL: building === 'NIL' ? `${block} ${road}` : building,
    BLK_NO: block,
    ROAD_NAME: road,
    BUILDING: building,
    ADDRESS: `${block} ${road}${building === 'NIL' ? '' : ` ${building}`} SINGAPORE ${postal}`,
    POSTAL: postal,
    X: easting.toFixed(10),
    Y: northing.toFixed(10),
    LATITUDE: lat.toFixed(14),
    LONGITUDE: lng.toFixed(14),
  };
}

/** The answer's text, and how many addresses it holds. */
export function oneMapText(blocks: Block[], condos: CondoProject[] = []): { text: string; count: number } {
  const results = [
    ...blocks
      .filter((b) => b.placed)
      .map((b) =>
        result({ block: b.block, road: b.fullStreet, building: 'NIL', postal: postalOf(b), lat: b.lat, lng: b.lng }),
      ),
    ...condos.map((c) => {
      const [, number, road] = /^(\d+)\s+(.*)$/.exec(c.street)!;
      const building = c.name.toUpperCase();
      return result({
        block: number,
        road: road.toUpperCase(),
        building,
        postal: c.postalCode,
        lat: c.lat,
        lng: c.lng,
      });
    }),
  ];
  return {
    text: JSON.stringify({ found: results.length, totalNumPages: 1, pageNum: 1, results }),
    count: results.length,
  };
}
