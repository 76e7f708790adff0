/**
 * `npm run data:sandbox -- FOLDER`: writes the sandbox's world in the official file formats (HDB, URA,
 * OneMap) to FOLDER, for `npm run data:import -- FOLDER/*` or to read as an example of each format.
 * `npm run data:sandbox -- --stats`: prints the shape of the sandbox's HDB resales (the world it starts
 * with, and the larger one FOLDER gets) beside a real slice of HDB's file (world-stats.ts).
 */
import { mkdirSync } from 'node:fs';
import { writeSandboxFiles } from './sandbox/official-files/sandbox-files.js';
import { SANDBOX_START_WORLD, sandboxFileTexts } from './sandbox/official-files/sandbox-text.js';
import { statsTable, worldStats } from './sandbox/official-files/world-stats.js';

const [argument] = process.argv.slice(2);
if (argument === '--stats') {
  for (const [title, world] of [
    ['The world the sandbox starts with', SANDBOX_START_WORLD],
    ['The world npm run data:sandbox -- FOLDER writes', {}],
  ] as const) {
    const { files } = sandboxFileTexts(world);
    console.log(`\n${title}: its HDB resales' last seven months\n${statsTable(worldStats(files[0].text))}`);
  }
  process.exit(0);
}
if (!argument) {
  console.log('Usage: npm run data:sandbox -- FOLDER, or npm run data:sandbox -- --stats');
  process.exit(2);
}
const folder = argument;
mkdirSync(folder, { recursive: true });
const written = await writeSandboxFiles(folder);
console.log(
  `Wrote ${written.hdb.sales.toLocaleString('en')} HDB resales, ${written.hdb.rentals.toLocaleString('en')} HDB rental approvals, ` +
    `${written.ura.sales.toLocaleString('en')} URA transactions, ${written.ura.rentals.toLocaleString('en')} URA rental contracts ` +
    `and ${written.addresses.toLocaleString('en')} OneMap addresses:`,
);
for (const path of written.paths) console.log(`  ${path}`);
