/** The start banner follows the data served: its counts and months, and a valuation page that exists. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { homesOf } from '../core/estimates/homes.js';
import { PUNGGOL_FLAT } from '../sandbox/sparse-homes.js';
import { sandboxHomes } from '../sandbox/sandbox-homes.js';
import { servedData } from './served-data.js';

it('names the sandbox’s generated world, and its demo block’s page', async () => {
  const homes = await sandboxHomes();
  const served = servedData(homes);
  assert.match(
    served.line,
    /^[\d,]+ homes, [\d,]+ transactions from \d{4}-\d{2} to \d{4}-\d{2} \(the sandbox's generated world/,
  );
  assert.equal(served.valuationPath, 'valuation/hdb-560102-4-room?mode=sale');
});

it('gives imported files a page of a home they hold, never the sandbox’s', () => {
  const flat = PUNGGOL_FLAT;
  const homes = homesOf(
    '2026-09-30',
    [flat],
    [
      { propertyId: flat.id, mode: 'sale', date: '2026-03-15', floorAreaSqm: 93, price: 520_000 },
      { propertyId: flat.id, mode: 'sale', date: '2026-09-15', floorAreaSqm: 93, price: 530_000 },
    ],
    [
      {
        title: 'Resale flat prices',
        text: 'Contains information from the Resale Flat Prices dataset',
        url: 'https://data.gov.sg/',
        licence: { name: 'Singapore Open Data Licence', url: 'https://data.gov.sg/open-data-licence' },
      },
    ],
  );
  const served = servedData(homes);
  assert.equal(served.line, '1 home, 2 transactions from 2026-03 to 2026-09 (official files imported)');
  assert.equal(served.valuationPath, 'valuation/hdb-270b-punggol-field-4-room?mode=sale');
});
