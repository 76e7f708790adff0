/**
 * How the sandbox's HDB blocks are drawn: their streets (in HDB's abbreviations), flat types and models,
 * heights, letters and places, the first few of each street from the market's stream and the blocks that
 * make it as sparse as the real market from a stream of their own (hdb-market.ts prices them).
 */
import { MORE_STREETS, towns } from '../fixtures/places.js';
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

/**
 * The blocks that make the market as sparse as the real one, drawn from a stream of their own so that
 * the first few of each street stay as they are (their postal codes and ids are the ones examples
 * name): each street gets a geometric count more (its mean the first few's number), each town its
 * MORE_STREETS (one block or a few), a quarter lettered, leases from 1966 to 2015, up to 51 storeys,
 * mostly one or two flat types, HDB's 16 flat models, and about half of them missing from OneMap's file.
 */
export function moreBlocks(seed: number, blocksPerStreet: number, streetsOf: Map<string, StreetPlace[]>): Block[] {
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
export const FIRST_BLOCKS: BlockDraws = {
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
export type StreetPlace = Omit<StreetAt, 'town' | 's'>;

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
export function blockOf(random: () => number, at: StreetAt, i: number, draws: BlockDraws): Block {
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
