/**
 * The API Console reads the person's role for every change, from the one role table
 * (core/grants/roles.ts): every change listed in surfaces/console/changes.ts is tried as an owner,
 * an engineer and an agent, and is refused (403, nothing changed) exactly when the role does not allow
 * it. An engineer makes no platform key beyond their role and revokes none; a form the console does not
 * list is refused whoever sends it.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { ROLES, roleMay, type Role } from '../core/grants/roles.js';
import { PLATFORM_SCOPES } from '../core/grants/scopes.js';
import { CONSOLE_CHANGES } from '../surfaces/console/changes.js';
import { ConsoleBrowser } from './console-browser.js';
import { consoleSandbox } from './console-sandbox.js';
import { CHANGE_SAMPLES as SAMPLES } from './console-change-samples.js';

const sandbox = consoleSandbox();
const BASE = sandbox.base;
const db = sandbox.db;

/** Lim Wei Jie of Lion City Homes, signed in with `role` (the sandbox makes him an engineer). */
async function weiAs(role: Role) {
  await db().query(`update memberships set role = $1 where user_id = 'usr_wei' and organization_id = 'org_lionhomes'`, [
    role,
  ]);
  return new ConsoleBrowser(BASE()).signIn('usr_wei');
}

describe('the console, role by role', () => {
  after(() => weiAs('engineer'));

  it('refuses every listed change exactly when the role does not allow it', async () => {
    const gated = CONSOLE_CHANGES.filter((change) => typeof change.needs === 'string');
    assert.ok(gated.length >= 4);
    for (const change of gated) {
      const sample = SAMPLES[change.what];
      assert.ok(sample, `the walk has no form for "${change.what}": add one`);
      assert.ok(change.path.test(sample.path), sample.path);
      for (const role of ROLES) {
        const browser = await weiAs(role);
        const audit = async () => (await db().query('select id from audit_log')).length;
        const before = await audit();
        const answer = await browser.post(sample.path, sample.fields);
        const allowed = roleMay(role, change.needs as never);
        if (allowed) assert.notEqual(answer.status, 403, `${role} may ${change.what}: ${answer.text.slice(0, 200)}`);
        else {
          assert.equal(answer.status, 403, `${role} may not ${change.what}`);
          assert.match(answer.text, new RegExp(`you cannot ${change.what}`));
          assert.equal(await audit(), before, `${role}: nothing changed`);
        }
      }
    }
  });

  it('makes an engineer no platform key beyond the role, and lets them revoke none beyond it', async () => {
    const owner = await new ConsoleBrowser(BASE()).signIn('usr_siti');
    const ownersKey = await owner.post('/console/platform-keys', { label: 'Everything', scopes: [...PLATFORM_SCOPES] });
    assert.equal(ownersKey.status, 200);
    const [{ id }] = await db().query<{ id: string }>(`select id from platform_keys where label = 'Everything'`);
    const engineer = await weiAs('engineer');
    const everything = await engineer.post('/console/platform-keys', { label: 'Mine', scopes: [...PLATFORM_SCOPES] });
    assert.equal(everything.status, 422);
    assert.match(everything.text, /As an engineer you can give a key only what your role allows, not .*listings.write/);
    const reads = await engineer.post('/console/platform-keys', {
      label: 'Reads',
      scopes: ['valuations.read', 'webhooks.write'],
    });
    assert.equal(reads.status, 200, 'within the role');
    const revoke = await engineer.post(`/console/platform-keys/${id}/revoke`, {});
    assert.equal(revoke.status, 403);
    const [key] = await db().query<{ revoked_at: Date | null }>('select revoked_at from platform_keys where id = $1', [
      id,
    ]);
    assert.equal(key.revoked_at, null);
    const agent = await weiAs('agent');
    assert.equal(
      (await agent.post('/console/platform-keys', { label: 'Agent', scopes: ['valuations.read'] })).status,
      422,
    );
  });

  it('refuses a form the console does not list, whoever sends it', async () => {
    const owner = await new ConsoleBrowser(BASE()).signIn('usr_siti');
    const answer = await owner.post('/console/widget-key', { name: 'x' });
    assert.equal(answer.status, 404);
  });
});
