/** Each environment's rules, decided once: live never makes data up or calls a private address, whatever the deployment allows its sandbox. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { environmentPolicy } from './environment-policy.js';

const deployment = { addresses: { allowHosts: new Set(['127.0.0.1', 'localhost']) }, loopbackOrigins: false };

it('gives the sandbox its made-up data and the deployment’s hosts, and live neither', () => {
  const sandbox = environmentPolicy('sandbox', deployment);
  const live = environmentPolicy('live', deployment);
  assert.deepEqual([sandbox.makesUpData, live.makesUpData], [true, false]);
  assert.deepEqual([...sandbox.callableHosts.allowHosts], ['127.0.0.1', 'localhost']);
  assert.deepEqual([...live.callableHosts.allowHosts], [], 'live calls no loopback or private receiver');
  assert.deepEqual([sandbox.keys.platform, live.keys.platform], ['svcp_test_', 'svcp_live_']);
  assert.deepEqual([sandbox.keys.widget, live.keys.widget], ['svce_test_', 'svce_live_']);
  assert.deepEqual(live.widgetOrigins, { httpsOnly: true, loopback: false });
  assert.equal(environmentPolicy('live', { ...deployment, loopbackOrigins: true }).widgetOrigins.loopback, true);
  assert.deepEqual([sandbox.dataOrigins, live.dataOrigins], [['official', 'generated'], ['official']]);
  assert.match(live.sandboxOnly('A reset'), /^A reset exists only in the sandbox/);
});
