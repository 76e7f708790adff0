/**
 * The sandbox's HDB market, as the real one behaves, for files in HDB's own formats: every town's
 * streets hold blocks of several flat types, each block with its lease commencement year, its height
 * and its place within the town. A flat's price per m² follows the town's level and index over time,
 * its block, its storey, its remaining lease and its size, with the spread real sales show (most within
 * a few per cent, a few far off: renovation, a view, a hurried sale). Same seed, same market.
 */
import { towns } from '../fixtures/places.js';
import { type Block, blockOf, FIRST_BLOCKS, moreBlocks, type StreetPlace } from './hdb-blocks.js';

export { type Block, hdbStreet } from './hdb-blocks.js';
import { noise, seededRandom } from '../fixtures/random.js';

export interface MarketOptions {
  seed: number;
  /** Blocks on each street (the country has about 10,000 in all). */
  blocksPerStreet: number;
}

/** The yearly change of HDB resale prices, in the shape of the published resale price index. */
const YEARLY_CHANGE: Record<number, number> = {
  2012: 0.03,
  2013: -0.01,
  2014: -0.06,
  2015: -0.02,
  2016: 0,
  2017: -0.01,
  2018: -0.01,
  2019: 0,
  2020: 0.05,
  2021: 0.12,
  2022: 0.1,
  2023: 0.05,
  2024: 0.09,
  2025: 0.05,
  2026: 0.02,
};
/** How much dearer a m² is a storey up. */
export const STOREY_PREMIUM = 0.011;
/** How a m²'s price falls as a flat gets larger. */
const AREA_ELASTICITY = -0.15;
/** The level `hdbPsm` in places.ts is stated for. */
const LEVEL_MONTH = '2026-10';

/** The value of a lease with `years` left, as a share of a new 99-year lease's (a curve of the published shape). */
export const leaseValue = (years: number) => Math.exp(-0.6 * (1 - Math.max(0, years / 99) ** 1.1));

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
export const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/** The log of the market's price level in `month`, relative to LEVEL_MONTH (0 there). */
function logIndex(month: string): number {
  const at = monthIndex(month);
  const level = monthIndex(LEVEL_MONTH);
  let log = 0;
  const [from, to] = at < level ? [at, level] : [level, at];
  for (let m = from; m < to; m++) log += Math.log1p(YEARLY_CHANGE[Math.floor(m / 12)] ?? 0.03) / 12;
  return at < level ? -log : log;
}

export function hdbMarket({ seed, blocksPerStreet }: MarketOptions) {
  const random = seededRandom(seed);
  const townDrift = new Map<string, number[]>();
  const blocks: Block[] = [];
  const streetsOf = new Map<string, StreetPlace[]>();
  for (const town of towns) {
    const streets: StreetPlace[] = [];
    streetsOf.set(town.name, streets);
    town.streets.forEach((street, s) => {
      const streetFactor = Math.exp(noise(random, 0.04));
      const streetLat = town.lat + noise(random, 0.006);
      const streetLng = town.lng + noise(random, 0.006);
      streets.push({ street, factor: streetFactor, lat: streetLat, lng: streetLng });
      const at = { town, street, s, factor: streetFactor, lat: streetLat, lng: streetLng };
      for (let i = 0; i < blocksPerStreet; i++) blocks.push(blockOf(random, at, i, FIRST_BLOCKS));
    });
  }
  blocks.push(...moreBlocks(seed, blocksPerStreet, streetsOf));

  /** A town's own wander around the market's index, month by month (a random walk). */
  function drift(town: string, month: string): number {
    let walk = townDrift.get(town);
    if (!walk) {
      const walker = seededRandom(
        seed ^ [...town].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261),
      );
      walk = [0];
      for (let m = 1; m < 600; m++) walk.push(walk[m - 1] + noise(walker, 0.004));
      townDrift.set(town, walk);
    }
    return walk[Math.max(0, Math.min(599, monthIndex(month) - monthIndex('1990-01')))];
  }

  const levelOf = new Map(towns.map((town) => [town.name.toUpperCase(), town.hdbPsm]));

  /** The price of a flat in `month`, without the spread of one sale. */
  function fairPrice(block: Block, home: Block['homes'][number], storey: number, month: string): number {
    const yearsLeft = block.leaseCommenceYear + 99 - (monthIndex(month) / 12 - 0.5 / 12);
    const psm =
      levelOf.get(block.town)! *
      block.placeFactor *
      Math.exp(logIndex(month) + drift(block.town, month) + STOREY_PREMIUM * (storey - 6)) *
      (leaseValue(yearsLeft) / leaseValue(60)) *
      (home.floorAreaSqm / 90) ** AREA_ELASTICITY;
    return psm * home.floorAreaSqm;
  }

  return { blocks, fairPrice, random };
}

/** One sale's spread around the fair price: most within a few per cent, one in twelve far off. */
export function saleSpread(random: () => number): number {
  return Math.exp(noise(random, random() < 0.92 ? 0.035 : 0.11));
}

export const monthsBetween = (from: string, to: string) => {
  const months: string[] = [];
  for (let m = monthIndex(from); m <= monthIndex(to); m++) months.push(monthOf(m));
  return months;
};
