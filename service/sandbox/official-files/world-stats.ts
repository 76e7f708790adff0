/**
 * The shape of an HDB resale file's last seven months, measured as issue 56 measured a real slice of
 * data.gov.sg's (11,519 sales, seven consecutive months): blocks a street, lettered blocks, flat types
 * sold a block, sales a block × flat type, storey bands, flat models and lease years. `npm run
 * data:sandbox -- --stats` prints the sandbox's beside the real slice's, as shares, since the
 * sandbox is smaller; world-stats.test.ts holds the sandbox within 20 % of the real shape.
 */
import { median } from '../../core/estimates/statistics.js';

export interface WorldStats {
  sales: number;
  towns: number;
  streets: number;
  blocks: number;
  blocksPerStreet: { median: number; max: number };
  letteredBlocks: number;
  /** Shares of blocks by how many flat types sold: one, two, three or more. */
  typesSold: [number, number, number];
  /** Shares of blocks × flat types by sales: 1, 2, 3, 4, 5, 6 or more. */
  salesPerFlat: [number, number, number, number, number, number];
  /** Shares of sales on storeys 01–03, 04–06, 07–09, 10–12, and above 30. */
  storeys: [number, number, number, number, number];
  /** The most sold flat models' shares, and how many models sold. */
  flatModels: { top: [string, number][]; count: number };
  leaseYears: { first: number; last: number };
}

const share = (count: number, total: number) => (total ? count / total : 0);

/** The real slice's figures (issue 56), as the same shares. */
export const REAL_SLICE: WorldStats = (() => {
  const flats = [3972, 1677, 654, 271, 106, 85];
  const flatTotal = flats.reduce((a, b) => a + b, 0);
  const blocks = [4510, 1096, 21];
  const blockTotal = blocks.reduce((a, b) => a + b, 0);
  return {
    sales: 11_519,
    towns: 26,
    streets: 514,
    blocks: 5627,
    blocksPerStreet: { median: 8, max: 83 },
    letteredBlocks: 0.2,
    typesSold: blocks.map((n) => share(n, blockTotal)) as WorldStats['typesSold'],
    salesPerFlat: flats.map((n) => share(n, flatTotal)) as WorldStats['salesPerFlat'],
    storeys: [0.18, 0.23, 0.21, 0.19, 0.01],
    flatModels: {
      top: [
        ['Model A', 0.3],
        ['Improved', 0.24],
        ['New Generation', 0.15],
        ['Premium Apartment', 0.12],
      ],
      count: 16,
    },
    leaseYears: { first: 1966, last: 2015 },
  };
})();

/** The shape of `resaleText` (HDB's resale CSV) over its last seven months. */
export function worldStats(resaleText: string): WorldStats {
  const lines = resaleText.trim().split('\n');
  const header = lines[0].split(',');
  const column = (name: string) => header.indexOf(name);
  const [month, town, flatType, block, street, storeys, model, lease] = [
    'month',
    'town',
    'flat_type',
    'block',
    'street_name',
    'storey_range',
    'flat_model',
    'lease_commence_date',
  ].map(column);
  const rows = lines.slice(1).map((line) => line.split(','));
  const months = [...new Set(rows.map((r) => r[month]))].sort().slice(-7);
  const recent = rows.filter((r) => months.includes(r[month]));

  const perFlat = new Map<string, number>();
  const typesOf = new Map<string, Set<string>>();
  const blocksOf = new Map<string, Set<string>>();
  const models = new Map<string, number>();
  const storeyBands = [0, 0, 0, 0, 0];
  let first = Infinity;
  let last = -Infinity;
  for (const r of recent) {
    const blockKey = `${r[street]}|${r[block]}`;
    perFlat.set(`${blockKey}|${r[flatType]}`, (perFlat.get(`${blockKey}|${r[flatType]}`) ?? 0) + 1);
    (typesOf.get(blockKey) ?? typesOf.set(blockKey, new Set()).get(blockKey)!).add(r[flatType]);
    (blocksOf.get(r[street]) ?? blocksOf.set(r[street], new Set()).get(r[street])!).add(r[block]);
    models.set(r[model], (models.get(r[model]) ?? 0) + 1);
    const low = Number(r[storeys].slice(0, 2));
    if (low <= 10) storeyBands[Math.floor((low - 1) / 3)]++;
    if (low > 30) storeyBands[4]++;
    first = Math.min(first, Number(r[lease]));
    last = Math.max(last, Number(r[lease]));
  }
  const flats = [...perFlat.values()];
  const types = [...typesOf.values()].map((t) => t.size);
  const perStreet = [...blocksOf.values()].map((b) => b.size);
  const blockNames = [...typesOf.keys()];
  return {
    sales: recent.length,
    towns: new Set(recent.map((r) => r[town])).size,
    streets: blocksOf.size,
    blocks: typesOf.size,
    blocksPerStreet: { median: median(perStreet), max: Math.max(...perStreet) },
    letteredBlocks: share(blockNames.filter((k) => /[A-Z]$/.test(k)).length, blockNames.length),
    typesSold: [1, 2, 3].map((n) =>
      share(types.filter((t) => (n === 3 ? t >= 3 : t === n)).length, types.length),
    ) as WorldStats['typesSold'],
    salesPerFlat: [1, 2, 3, 4, 5, 6].map((n) =>
      share(flats.filter((f) => (n === 6 ? f >= 6 : f === n)).length, flats.length),
    ) as WorldStats['salesPerFlat'],
    storeys: storeyBands.map((n) => share(n, recent.length)) as WorldStats['storeys'],
    flatModels: {
      top: [...models.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([name, n]) => [name, share(n, recent.length)]),
      count: models.size,
    },
    leaseYears: { first, last },
  };
}

/** The sandbox's shape beside the real slice's, one figure a line. */
export function statsTable(sandbox: WorldStats, real: WorldStats = REAL_SLICE): string {
  const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
  const rows: [string, string, string][] = [
    ['sales (7 months)', String(sandbox.sales), String(real.sales)],
    ['towns', String(sandbox.towns), String(real.towns)],
    ['streets with sales', String(sandbox.streets), String(real.streets)],
    ['blocks with sales', String(sandbox.blocks), String(real.blocks)],
    [
      'blocks a street: median, max',
      `${sandbox.blocksPerStreet.median}, ${sandbox.blocksPerStreet.max}`,
      `${real.blocksPerStreet.median}, ${real.blocksPerStreet.max}`,
    ],
    ['lettered blocks', percent(sandbox.letteredBlocks), percent(real.letteredBlocks)],
    ...(['one', 'two', 'three or more'] as const).map(
      (n, i) =>
        [`blocks with ${n} flat type(s) sold`, percent(sandbox.typesSold[i]), percent(real.typesSold[i])] as [
          string,
          string,
          string,
        ],
    ),
    ...['1', '2', '3', '4', '5', '6 or more'].map(
      (n, i) =>
        [`blocks × types with ${n} sale(s)`, percent(sandbox.salesPerFlat[i]), percent(real.salesPerFlat[i])] as [
          string,
          string,
          string,
        ],
    ),
    ...['01 TO 03', '04 TO 06', '07 TO 09', '10 TO 12', 'above 30'].map(
      (band, i) =>
        [`sales on ${band}`, percent(sandbox.storeys[i]), percent(real.storeys[i])] as [string, string, string],
    ),
    ['flat models sold', String(sandbox.flatModels.count), String(real.flatModels.count)],
    ...sandbox.flatModels.top.map(
      ([name, x], i) =>
        [
          `flat model #${i + 1}`,
          `${name} ${percent(x)}`,
          `${real.flatModels.top[i][0]} ${percent(real.flatModels.top[i][1])}`,
        ] as [string, string, string],
    ),
    [
      'lease years',
      `${sandbox.leaseYears.first}–${sandbox.leaseYears.last}`,
      `${real.leaseYears.first}–${real.leaseYears.last}`,
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  return [
    `${''.padEnd(width)}  ${'sandbox'.padStart(22)}  ${'real slice'.padStart(22)}`,
    ...rows.map(([name, a, b]) => `${name.padEnd(width)}  ${a.padStart(22)}  ${b.padStart(22)}`),
  ].join('\n');
}
