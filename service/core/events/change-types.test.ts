/**
 * A recorded change is typed by the contract's webhooks catalogue: tsc (npm run typecheck) fails if
 * a line below stops being an error, so a detail in another shape, or an action nobody declared, cannot be recorded.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import contract from '../../../contract/platform.openapi.json' with { type: 'json' };
import type { Change } from './change-types.js';
import { recordChange, type Tx } from './record-change.js';

const actor = { userId: 'usr_siti', organizationId: 'org_lionhomes' };

it("types each change by the contract's webhooks catalogue", () => {
  const typed = (tx: Tx) => [
    recordChange(tx, actor, 'widget_key.created', 'wk_1', { name: 'Shop', origins: ['https://shop.example'] }),
    // @ts-expect-error: widget_key.created carries name and origins, not nme
    recordChange(tx, actor, 'widget_key.created', 'wk_1', { nme: 'Shop' }),
    // @ts-expect-error: no webhook or audit entry is called widget_key.exploded
    recordChange(tx, actor, 'widget_key.exploded', 'wk_1'),
  ];
  // @ts-expect-error: a move says what it records, and its detail is checked too
  const wrong: Change = { action: 'viewing.cancelled', detail: { listingId: 'lst_1', why: 'rain' } };
  assert.equal(typeof typed, 'function');
  assert.ok(wrong);
  assert.ok(Object.keys(contract.webhooks).length > 30, 'the catalogue the types come from');
});
