/**
 * `npm run data:sandbox -- FOLDER`: writes the sandbox's world in the official file formats (HDB, URA,
 * OneMap) to FOLDER, for `npm run data:import -- FOLDER/*` or to read as an example of each format.
 */
import { mkdirSync } from 'node:fs';
import { writeSandboxFiles } from './sandbox/official-files/sandbox-files.js';

const folder = process.argv[2];
if (!folder) {
  console.log('Usage: npm run data:sandbox -- FOLDER');
  process.exit(2);
}
mkdirSync(folder, { recursive: true });
const written = await writeSandboxFiles(folder);
console.log(
  `Wrote ${written.hdb.sales.toLocaleString('en')} HDB resales, ${written.hdb.rentals.toLocaleString('en')} HDB rental approvals, ` +
    `${written.ura.sales.toLocaleString('en')} URA transactions, ${written.ura.rentals.toLocaleString('en')} URA rental contracts ` +
    `and ${written.addresses.toLocaleString('en')} OneMap addresses:`,
);
for (const path of written.paths) console.log(`  ${path}`);
