/**
 * The password hash at production cost (measured), the test cost's switch, and its refusal wherever
 * real passwords could be kept: by the function every process reads it through, and by `npm start`'s
 * process itself, which exits before it opens anything.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { PRODUCTION_COST, passwordCostFrom, TEST_COST, TestPasswordCostRefused } from './password-cost.js';
import { hashPassword, verifyPassword } from './passwords.js';

const PASSWORD = 'tangerine-fjord-lantern-88';

describe('password hashes', () => {
  it('at production cost: N = 2^17, r = 8, p = 1, verified, and its time printed', async (t) => {
    const started = performance.now();
    const stored = await hashPassword(PASSWORD, PRODUCTION_COST);
    const hashMs = performance.now() - started;
    assert.match(stored, /^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    assert.equal(await verifyPassword(PASSWORD, stored), true);
    assert.equal(await verifyPassword(`${PASSWORD}!`, stored), false);
    t.diagnostic(`one production hash took ${hashMs.toFixed(0)} ms`);
  });

  it('a hash of either cost verifies under the other, since the stored text names its own', async () => {
    const cheap = await hashPassword(PASSWORD, TEST_COST);
    assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await verifyPassword(PASSWORD, cheap), true);
    assert.equal(await verifyPassword('another-long-passphrase', cheap), false);
  });
});

describe('the test cost switch', () => {
  it('is production unless SERVICE_PASSWORD_COST=test', () => {
    assert.deepEqual(passwordCostFrom({}), PRODUCTION_COST);
    assert.deepEqual(passwordCostFrom({ SERVICE_PASSWORD_COST: 'production' }), PRODUCTION_COST);
    assert.deepEqual(passwordCostFrom({ SERVICE_PASSWORD_COST: 'test' }), TEST_COST);
    assert.throws(() => passwordCostFrom({ SERVICE_PASSWORD_COST: 'cheap' }), /'test' \(for test runs only\) or unset/);
  });

  it('is refused with live served or on a PostgreSQL server', () => {
    const refused = (env: NodeJS.ProcessEnv, reason: RegExp) =>
      assert.throws(
        () => passwordCostFrom({ SERVICE_PASSWORD_COST: 'test', ...env }),
        (error: Error) => error instanceof TestPasswordCostRefused && reason.test(error.message),
      );
    refused({ SERVICE_LIVE: 'on' }, /live is served/);
    refused({ DATABASE_URL: 'postgres://127.0.0.1:1/service' }, /DATABASE_URL is set/);
    assert.deepEqual(passwordCostFrom({ SERVICE_LIVE: 'on', DATABASE_URL: 'postgres://x/y' }), PRODUCTION_COST);
  });

  it("stops npm start's process at once, in one line, before it opens a database or a port", () => {
    const start = fileURLToPath(new URL('../../start.ts', import.meta.url));
    for (const [env, reason] of [
      [{ SERVICE_LIVE: 'on' }, /live is served/],
      [{ DATABASE_URL: 'postgres://127.0.0.1:1/service' }, /DATABASE_URL is set/],
    ] as const) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', start], {
        env: { ...process.env, SERVICE_PASSWORD_COST: 'test', ...env },
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 1, run.stderr);
      assert.match(run.stderr.trim(), reason);
      assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    }
  });
});
