/**
 * The sandbox's private homes as the URA Data Service answers them: PMI_Resi_Transaction (each project
 * with its SVY21 point, market segment and transactions) and PMI_Resi_Rental (rental contracts, areas
 * and bedrooms as ranges). Condo projects come from places.ts; each landed street is one "landed
 * housing development", as URA names them. Prices follow the project's level, the market's index, the
 * floor and the size, with a spread a little wider than HDB's. Safe in a page.
 */
import { wgs84ToSvy21 } from '../../geo/svy21.js';
import { condos, landedStreets } from '../fixtures/places.js';
import { noise, seededRandom } from '../fixtures/random.js';
import { monthsBetween } from './hdb-market.js';

/** URA's postal districts, by the postal sector's first two digits. */
const DISTRICT_OF_SECTOR: [number, number[]][] = [
  [1, [1, 2, 3, 4, 5, 6]],
  [2, [7, 8]],
  [3, [14, 15, 16]],
  [4, [9, 10]],
  [5, [11, 12, 13]],
  [6, [17]],
  [7, [18, 19]],
  [8, [20, 21]],
  [9, [22, 23]],
  [10, [24, 25, 26, 27]],
  [11, [28, 29, 30]],
  [12, [31, 32, 33]],
  [13, [34, 35, 36, 37]],
  [14, [38, 39, 40, 41]],
  [15, [42, 43, 44, 45]],
  [16, [46, 47, 48]],
  [17, [49, 50, 81]],
  [18, [51, 52]],
  [19, [53, 54, 55, 82]],
  [20, [56, 57]],
  [21, [58, 59]],
  [22, [60, 61, 62, 63, 64]],
  [23, [65, 66, 67, 68]],
  [24, [69, 70, 71]],
  [25, [72, 73]],
  [26, [77, 78]],
  [27, [75, 76]],
  [28, [79, 80]],
];
export const districtOf = (postalOrSector: string) => {
  const sector = Number(postalOrSector.slice(0, 2));
  const found = DISTRICT_OF_SECTOR.find(([, sectors]) => sectors.includes(sector));
  return String(found?.[0] ?? 0).padStart(2, '0');
};

const mmyy = (month: string) => `${month.slice(5, 7)}${month.slice(2, 4)}`;
const YEARLY_CHANGE = 0.04;
const monthsFrom = (month: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(month.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(month.slice(5, 7));

interface Project {
  project: string;
  street: string;
  lat: number;
  lng: number;
  district: string;
  psm: number;
  landed: boolean;
  propertyType: string;
  tenure: string;
  storeys: number;
  sizes: { sqm: number; bedrooms: number }[];
}

function projects(random: () => number): Project[] {
  const condoProjects = condos.map((c) => ({
    project: c.name.toUpperCase(),
    street: c.street.replace(/^\d+\s+/, '').toUpperCase(),
    lat: c.lat,
    lng: c.lng,
    district: districtOf(c.postalCode),
    psm: c.psm,
    landed: false,
    propertyType: random() < 0.6 ? 'Condominium' : 'Apartment',
    tenure: random() < 0.35 ? 'Freehold' : `99 yrs lease commencing from ${2005 + Math.floor(random() * 15)}`,
    storeys: [12, 18, 24, 36, 45][Math.floor(random() * 5)],
    sizes: [
      { sqm: 50, bedrooms: 1 },
      { sqm: 75, bedrooms: 2 },
      { sqm: 105, bedrooms: 3 },
      { sqm: 140, bedrooms: 4 },
    ],
  }));
  const landedProjects = landedStreets.map((l) => ({
    project: 'LANDED HOUSING DEVELOPMENT',
    street: l.street.toUpperCase(),
    lat: l.lat,
    lng: l.lng,
    district: districtOf(l.sector),
    psm: l.psm,
    landed: true,
    propertyType: l.unitType === 'Terrace' ? 'Terrace' : l.unitType,
    tenure: random() < 0.7 ? 'Freehold' : '999 yrs lease commencing from 1885',
    storeys: 0,
    sizes: [{ sqm: { Terrace: 240, 'Semi-detached': 320, Detached: 450 }[l.unitType], bedrooms: 5 }],
  }));
  return [...condoProjects, ...landedProjects];
}

const segmentOf = (psm: number) => (psm >= 20_000 ? 'CCR' : psm >= 16_000 ? 'RCR' : 'OCR');
const poisson = (random: () => number, mean: number) => {
  let n = 0;
  for (let p = random(), limit = Math.exp(-mean); p > limit; p *= random()) n++;
  return n;
};

export interface UraTextOptions {
  seed?: number;
  from: string;
  to: string;
}

/** Both answers' text, and how many transactions and rental contracts each holds. */
export function uraTexts(options: UraTextOptions) {
  const random = seededRandom(options.seed ?? 20261127);
  const all = projects(random);
  const months = monthsBetween(options.from, options.to);
  let sales = 0;
  let rentals = 0;
  const located = (p: Project) => {
    const { easting, northing } = wgs84ToSvy21(p.lat, p.lng);
    return { project: p.project, street: p.street, x: easting.toFixed(4), y: northing.toFixed(4) };
  };
  const transactions = all.map((p) => ({
    ...located(p),
    marketSegment: segmentOf(p.psm),
    transaction: months.flatMap((month) =>
      Array.from({ length: poisson(random, p.landed ? 0.6 : 2.5) }, () => {
        const size = p.sizes[Math.floor(random() * p.sizes.length)];
        const sqm = Math.round(size.sqm * (1 + noise(random, 0.06)));
        const floor = p.landed ? 0 : 1 + Math.floor(random() * p.storeys);
        const band = p.landed
          ? '-'
          : `${String(1 + 5 * Math.floor((floor - 1) / 5)).padStart(2, '0')}-${String(5 + 5 * Math.floor((floor - 1) / 5)).padStart(2, '0')}`;
        const level = p.psm * (1 + YEARLY_CHANGE) ** (-monthsFrom(month, '2026-10') / 12) * Math.exp(0.006 * floor);
        const price = Math.round((level * sqm * (sqm / 90) ** -0.1 * Math.exp(noise(random, 0.05))) / 1000) * 1000;
        sales++;
        return {
          area: String(sqm),
          floorRange: band,
          noOfUnits: '1',
          contractDate: mmyy(month),
          typeOfSale: '3',
          price: String(price),
          propertyType: p.propertyType,
          district: p.district,
          typeOfArea: p.landed ? 'Land' : 'Strata',
          tenure: p.tenure,
        };
      }),
    ),
  }));
  const rentalContracts = all.map((p) => ({
    ...located(p),
    rental: months
      .filter((month) => month >= '2021-01')
      .flatMap((month) =>
        Array.from({ length: poisson(random, p.landed ? 0.8 : 4) }, () => {
          const size = p.sizes[Math.floor(random() * p.sizes.length)];
          const low = Math.floor(size.sqm / 10) * 10;
          const level = p.psm * (1 + 0.03) ** (-monthsFrom(month, '2026-10') / 12);
          const rent = Math.round((level * size.sqm * 0.0028 * Math.exp(noise(random, 0.08))) / 50) * 50;
          rentals++;
          return {
            leaseDate: mmyy(month),
            propertyType: p.landed ? `${p.propertyType} House` : 'Non-landed Properties',
            district: p.district,
            areaSqm: `${low}-${low + 10}`,
            areaSqft: `${Math.round(low * 10.7639)}-${Math.round((low + 10) * 10.7639)}`,
            noOfBedRoom: p.landed ? 'NA' : String(size.bedrooms),
            rent,
          };
        }),
      ),
  }));
  return {
    transactions: JSON.stringify({ Status: 'Success', Result: transactions }),
    rentalContracts: JSON.stringify({ Status: 'Success', Result: rentalContracts }),
    sales,
    rentals,
  };
}
