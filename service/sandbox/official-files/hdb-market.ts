/**
 * The sandbox's HDB market, as the real one behaves, for files in HDB's own formats: every town's
 * streets hold blocks of several flat types, each block with its lease commencement year, its height
 * and its place within the town. A flat's price per m² follows the town's level and index over time,
 * its block, its storey, its remaining lease and its size, with the spread real sales show (most within
 * a few per cent, a few far off: renovation, a view, a hurried sale). Same seed, same market.
 */
import { towns } from '../fixtures/places.js';
import { noise, seededRandom } from '../fixtures/random.js';

export interface Block {
  town: string;
  /** The street as HDB's files write it (abbreviated), and in full as OneMap does. */
  street: string;
  fullStreet: string;
  /** The town's postal sector (the first two digits of its postal codes). */
  sector: string;
  lat: number;
  lng: number;
  block: string;
  leaseCommenceYear: number;
  maxStorey: number;
  /** The block's place within its town, as a factor on the town's price level. */
  placeFactor: number;
  homes: { flatType: string; flatModel: string; floorAreaSqm: number }[];
  /** Whether OneMap's file holds the block: about half the blocks added to the first few of a street are missing from it. */
  placed: boolean;
}

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

/** Every abbreviation HDB's files write, as their streets use them (Saint before a name, Bukit, Jalan, Lorong…). */
const ABBREVIATIONS: [RegExp, string][] = [
  [/’/g, "'"],
  [/\bSAINT (?=\S)/g, 'ST. '],
  [/\bCOMMONWEALTH\b/g, "C'WEALTH"],
  [/\bAVENUE\b/g, 'AVE'],
  [/\bSTREET\b/g, 'ST'],
  [/\bROAD\b/g, 'RD'],
  [/\bCRESCENT\b/g, 'CRES'],
  [/\bDRIVE\b/g, 'DR'],
  [/\bNORTH\b/g, 'NTH'],
  [/\bSOUTH\b/g, 'STH'],
  [/\bUPPER\b/g, 'UPP'],
  [/\bBUKIT\b/g, 'BT'],
  [/\bJALAN\b/g, 'JLN'],
  [/\bLORONG\b/g, 'LOR'],
  [/\bCENTRAL\b/g, 'CTRL'],
  [/\bCENTRE\b/g, 'CTR'],
  [/\bCLOSE\b/g, 'CL'],
  [/\bPLACE\b/g, 'PL'],
  [/\bGARDENS\b/g, 'GDNS'],
  [/\bHEIGHTS\b/g, 'HTS'],
  [/\bKAMPONG\b/g, 'KG'],
  [/\bMARKET\b/g, 'MKT'],
  [/\bPARK\b/g, 'PK'],
  [/\bTERRACE\b/g, 'TER'],
  [/\bTANJONG\b/g, 'TG'],
];
/** A street as HDB's files write it: capitals and HDB's abbreviations. */
export const hdbStreet = (street: string) =>
  ABBREVIATIONS.reduce((name, [pattern, short]) => name.replace(pattern, short), street.toUpperCase());

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

function typesOfEra(year: number): { flatType: string; flatModel: string; sqm: number }[] {
  if (year < 1980)
    return [
      { flatType: '3 ROOM', flatModel: 'New Generation', sqm: 67 },
      { flatType: '4 ROOM', flatModel: 'New Generation', sqm: 92 },
    ];
  if (year < 1998)
    return [
      { flatType: '3 ROOM', flatModel: 'Improved', sqm: 65 },
      { flatType: '4 ROOM', flatModel: 'Model A', sqm: 104 },
      { flatType: '5 ROOM', flatModel: 'Improved', sqm: 121 },
      { flatType: 'EXECUTIVE', flatModel: 'Apartment', sqm: 145 },
    ];
  return [
    { flatType: '3 ROOM', flatModel: 'Model A', sqm: 68 },
    { flatType: '4 ROOM', flatModel: 'Premium Apartment', sqm: 93 },
    { flatType: '5 ROOM', flatModel: 'Premium Apartment', sqm: 113 },
  ];
}

/**
 * Streets the first few of each town's are joined by, several of one block, with the names that try an
 * importer most: Saint, Bukit, Jalan, Lorong, Commonwealth, Close, Place, Heights, Kampong, Tanjong.
 */
const MORE_STREETS: Record<string, string[]> = {
  'Kallang/Whampoa': ['Saint George’s Road', 'Kampong Arang Road', 'Jalan Rajah'],
  'Bukit Merah': ['Jalan Bukit Ho Swee', 'Bukit Purmei Road', 'Tanjong Pagar Plaza'],
  Queenstown: ['Commonwealth Close', 'Commonwealth Drive', 'Mei Ling Street'],
  'Toa Payoh': ['Lorong 8 Toa Payoh', 'Toa Payoh Central'],
  Bedok: ['Bedok South Avenue 1', 'Bedok North Street 3'],
  'Bukit Batok': ['Bukit Batok Central', 'Bukit Batok West Avenue 8'],
  Geylang: ['Upper Aljunied Lane', 'Jalan Tenaga'],
  'Marine Parade': ['Marine Parade Central'],
  Clementi: ['Clementi Avenue 4', 'Clementi Heights'],
  'Ang Mo Kio': ['Ang Mo Kio Avenue 5'],
  Yishun: ['Yishun Central', 'Yishun Street 61'],
  'Choa Chu Kang': ['Choa Chu Kang Central', 'Choa Chu Kang North 6'],
  Hougang: ['Hougang Avenue 1', 'Upper Serangoon Crescent'],
  Woodlands: ['Woodlands Circle', 'Woodlands Street 41'],
  Tampines: ['Tampines Central 1', 'Tampines Street 45'],
  Sengkang: ['Sengkang East Way', 'Fernvale Road'],
  Punggol: ['Punggol Place', 'Sumang Walk'],
  'Jurong West': ['Jurong West Street 42', 'Corporation Drive'],
  'Jurong East': ['Jurong East Street 13'],
  'Bukit Panjang': ['Senja Road'],
  'Pasir Ris': ['Pasir Ris Drive 1'],
  Serangoon: ['Serangoon North Avenue 4'],
  Bishan: ['Bishan Street 24'],
  Sembawang: ['Sembawang Close'],
  'Central Area': ['Kampong Kapor Road'],
  Tengah: ['Tengah Garden Walk'],
  'Bukit Timah': ['Farrer Road Place'],
};

/** HDB's 16 flat models at the shares its resale file gives them. */
const FLAT_MODELS: [model: string, share: number][] = [
  ['Model A', 30],
  ['Improved', 24],
  ['New Generation', 15],
  ['Premium Apartment', 12],
  ['Simplified', 5],
  ['Apartment', 4],
  ['Standard', 3],
  ['Maisonette', 3],
  ['Model A2', 1.5],
  ['DBSS', 1],
  ['Model A-Maisonette', 0.5],
  ['Adjoined flat', 0.3],
  ['Premium Apartment Loft', 0.2],
  ['Type S1', 0.2],
  ['Type S2', 0.1],
  ['Terrace', 0.1],
];
const pick = <T>(random: () => number, weighted: [T, number][]): T => {
  let left = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) if ((left -= weight) < 0) return value;
  return weighted[weighted.length - 1][0];
};
/** How tall a block of 2005 or later is: a few reach 40 and 51 storeys (under 1 % of sales are above the 30th). */
const TALL: [number, number][] = [
  [16, 3],
  [25, 3],
  [30, 1.5],
  [40, 0.3],
  [51, 0.2],
];
/** A count from 0 up, geometric with this mean: most streets have a few more blocks, a few have many. */
const geometric = (random: () => number, mean: number) =>
  Math.floor(Math.log(1 - random()) / Math.log(mean / (mean + 1)));

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

/**
 * The blocks that make the market as sparse as the real one, drawn from a stream of their own so that
 * the first few of each street stay as they are (their postal codes and ids are the ones examples
 * name): each street gets a geometric count more (its mean the first few's number), each town its
 * MORE_STREETS (one block or a few), a quarter lettered, leases from 1966 to 2015, up to 51 storeys,
 * mostly one or two flat types, HDB's 16 flat models, and about half of them missing from OneMap's file.
 */
function moreBlocks(seed: number, blocksPerStreet: number, streetsOf: Map<string, StreetPlace[]>): Block[] {
  const random = seededRandom(seed ^ 0xb10c5);
  const blocks: Block[] = [];
  for (const town of towns) {
    const streets = streetsOf.get(town.name)!;
    for (const street of MORE_STREETS[town.name] ?? [])
      streets.push({
        street,
        factor: Math.exp(noise(random, 0.04)),
        lat: town.lat + noise(random, 0.008),
        lng: town.lng + noise(random, 0.008),
      });
    streets.forEach(({ street, factor, lat, lng }, s) => {
      const first = s < town.streets.length ? blocksPerStreet : 0;
      const drawn = s < town.streets.length ? geometric(random, blocksPerStreet) : 1 + geometric(random, 0.8);
      // A street's block numbers stay below the next street's (300 apart), so no two blocks of a town share a postal code.
      const count = Math.min(drawn, 149 - first);
      for (let i = first; i < first + count; i++)
        blocks.push(blockOf(random, { town, street, s, factor, lat, lng }, i, MORE_BLOCKS));
    });
  }
  return blocks;
}

/** What the first few blocks of a street are drawn as, and what the blocks added to them are. */
interface BlockDraws {
  firstLease: number;
  leaseYears: number;
  /** How likely each of its era's flat types is to be in the block, and the types it has if none is drawn. */
  typeChance: number;
  noType: (random: () => number, era: ReturnType<typeof typesOfEra>) => ReturnType<typeof typesOfEra>;
  model: (random: () => number, kind: ReturnType<typeof typesOfEra>[number]) => string;
  lettered: number;
  tallest: (random: () => number) => number;
  placed: (random: () => number) => boolean;
}
const FIRST_BLOCKS: BlockDraws = {
  firstLease: 1970,
  leaseYears: 48,
  typeChance: 0.75,
  noType: (_, era) => era.slice(0, 2),
  model: (_, kind) => kind.flatModel,
  lettered: 0.15,
  tallest: (random) => [16, 25, 30][Math.floor(random() * 3)],
  placed: () => true,
};
const MORE_BLOCKS: BlockDraws = {
  firstLease: 1966,
  leaseYears: 50,
  typeChance: 0.4,
  noType: (random, era) => [era[Math.floor(random() * era.length)]],
  model: (random) => pick(random, FLAT_MODELS),
  lettered: 0.27,
  tallest: (random) => pick(random, TALL),
  placed: (random) => random() < 0.5,
};

/** A street where its blocks stand: its name, its price factor and its middle. */
type StreetPlace = Omit<StreetAt, 'town' | 's'>;

interface StreetAt {
  town: (typeof towns)[number];
  street: string;
  /** The street's place among its town's: its blocks are numbered from 100 + 300 × s. */
  s: number;
  factor: number;
  lat: number;
  lng: number;
}

/** The i-th block of a street, drawn from `random` in one fixed order (a stream's blocks stay as they are). */
function blockOf(random: () => number, at: StreetAt, i: number, draws: BlockDraws): Block {
  const leaseCommenceYear = draws.firstLease + Math.floor(random() * draws.leaseYears);
  const era = typesOfEra(leaseCommenceYear);
  const kinds = era.filter(() => random() < draws.typeChance);
  const homes = (kinds.length ? kinds : draws.noType(random, era)).map((kind) => ({
    flatType: kind.flatType,
    flatModel: draws.model(random, kind),
    floorAreaSqm: Math.round(kind.sqm * (1 + noise(random, 0.03))),
  }));
  const suffix = random() < draws.lettered ? 'ABCD'[Math.floor(random() * 4)] : '';
  return {
    town: at.town.name.toUpperCase(),
    street: hdbStreet(at.street),
    fullStreet: at.street.toUpperCase().replace(/’/g, "'"),
    sector: at.town.sector,
    lat: at.lat + noise(random, 0.0015),
    lng: at.lng + noise(random, 0.0015),
    block: `${100 + at.s * 300 + i * 2 + Math.floor(random() * 2)}${suffix}`,
    leaseCommenceYear,
    maxStorey:
      leaseCommenceYear < 1985
        ? 12
        : leaseCommenceYear < 2005
          ? [12, 16, 25][Math.floor(random() * 3)]
          : draws.tallest(random),
    placeFactor: at.factor * Math.exp(noise(random, 0.06)),
    homes,
    placed: draws.placed(random),
  };
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
