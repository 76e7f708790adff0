/** A component test that fails on a DOM element is reported as failed, naming the element, not stalled until the file's time limit. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { freePort } from '../../service/web/free-ports.js';

test('a failed assertion about an element is reported in WebKit, with the element named', async () => {
  const run = spawnSync(
    'tsx',
    [
      'node_modules/@web/test-runner/dist/bin.js',
      '--files',
      'e2e/engines/wtr-fixtures/element-assertion.ts',
      '--port',
      String(await freePort()),
    ],
    { env: { ...process.env, WTR_ENGINE: 'webkit' }, encoding: 'utf8', timeout: 120_000 },
  );
  const output = `${run.stdout}${run.stderr}`;
  assert.doesNotMatch(output, /did not finish within/);
  assert.match(output, /AssertionError: expected <select><option>4-room<\/option><\/select> to equal undefined/);
  assert.equal(run.status, 1, output);
});
