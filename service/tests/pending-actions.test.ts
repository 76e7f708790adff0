/**
 * Writes waiting for the person: done once however often confirmed, refused with other input under
 * the same key, and failed (never left confirmed without a result) when the write itself throws.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { createPendingActions } from '../core/organizations/pending-actions.js';

let db: Database;
before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seed(db);
});
after(() => db?.close());

const arjun = { userId: 'usr_arjun', organizationId: 'org_marinaheights' };

it('does a confirmed write once, and refuses the same key with other input', async () => {
  const actions = createPendingActions(db);
  const action = await actions.open(arjun, 'submit_lead', 'key-00000001', { projectId: 'proj_0002' });
  assert.notEqual(action, 'mismatch');
  assert.equal(await actions.open(arjun, 'submit_lead', 'key-00000001', { projectId: 'proj_0003' }), 'mismatch');
  let writes = 0;
  const write = async () => ({ result: { id: `lead_${++writes}` } });
  const id = (action as { id: string }).id;
  await Promise.all([actions.decide('usr_arjun', id, true, write), actions.decide('usr_arjun', id, true, write)]);
  assert.equal(writes, 1);
  assert.deepEqual((await actions.find('usr_arjun', id))?.result, { id: 'lead_1' });
});

it('fails an action whose write throws, with a reason the app can show', async () => {
  const actions = createPendingActions(db);
  const action = (await actions.open(arjun, 'submit_lead', 'key-00000002', { projectId: 'proj_0002' })) as {
    id: string;
  };
  const decided = await actions.decide('usr_arjun', action.id, true, () => Promise.reject(new Error('database gone')));
  assert.equal(decided?.status, 'failed');
  assert.match(String(decided?.result?.reason), /nothing was changed/);
});
