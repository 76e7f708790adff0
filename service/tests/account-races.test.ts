/**
 * The accounts' limits and one-time things under requests at once, on PGlite and on PostgreSQL (whose
 * connections really run together): attempts for one address let exactly the free ones and one more
 * through, a second step gives exactly its tries, an authenticator code is taken once, and two owners
 * demoting each other leave the organization exactly one owner.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { Secret, TOTP } from 'otpauth';
import { createSecondSteps, STEP_TRIES } from '../core/accounts/second-steps.js';
import {
  createPasswordVetting,
  PASSWORD_FORMS_PER_CLIENT_HOUR,
  TooManyPasswordForms,
} from '../core/accounts/password-forms.js';
import { createSignInLimits, FREE_FAILURES, GUESSING_ALERT_AFTER } from '../core/accounts/sign-in-limits.js';
import { sharedRates } from '../core/metering/shared-rates.js';
import { createTotp } from '../core/accounts/totp.js';
import { createMemberships } from '../core/organizations/memberships.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { onEachEngine } from '../sandbox/test-engines.js';

const AT_ONCE = 30;

onEachEngine('account races', (database) => {
  const db = () => database()!;
  let made = 0;
  /** An account of its own organization: its id and organization's. */
  async function account(role = 'owner') {
    const n = `${++made}_${randomBytes(3).toString('hex')}`;
    await db().query(`insert into organizations (id, name, kind) values ($1, $1, 'agency')`, [`org_race${n}`]);
    await db().query(
      `insert into users (id, organization_id, name, email, role, kind) values ($1, $2, $1, $3, $4, 'account')`,
      [`usr_race${n}`, `org_race${n}`, `race${n}@example.test`, role],
    );
    await db().query('insert into memberships (user_id, organization_id, role) values ($1, $2, $3)', [
      `usr_race${n}`,
      `org_race${n}`,
      role,
    ]);
    return { userId: `usr_race${n}`, organizationId: `org_race${n}`, email: `race${n}@example.test` };
  }

  it('lets exactly the free attempts and one more through when 30 arrive at once for one address', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const limits = createSignInLimits(db());
    const email = `many${randomBytes(4).toString('hex')}@example.test`;
    // All from one client: the address-from-this-client count is the first to hold.
    const waits = await Promise.all(
      Array.from({ length: AT_ONCE }, () => limits.begin({ email, clientAddress: '192.0.2.1' })),
    );
    assert.equal(waits.filter((w) => w === 0).length, FREE_FAILURES.addressFromClient + 1);
    assert.ok(waits.filter((w) => w > 0).every((w) => w >= 29 && w <= 30));
  });

  it('holds an address guessed from many networks at its own, higher ceiling when 80 attempts arrive at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const limits = createSignInLimits(db());
    const email = `spread${randomBytes(4).toString('hex')}@example.test`;
    // Each from its own client, so only the address's count is in play.
    const waits = await Promise.all(
      Array.from({ length: 80 }, (_, i) => limits.begin({ email, clientAddress: `198.51.${i >> 8}.${i & 255}` })),
    );
    assert.equal(waits.filter((w) => w === 0).length, FREE_FAILURES.address + 1);
  });

  it('tells the owner of a guessed address exactly once when attempts past the alert arrive at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const limits = createSignInLimits(db());
    const email = `guessed${randomBytes(4).toString('hex')}@example.test`;
    for (let i = 0; i < GUESSING_ALERT_AFTER; i++) await limits.begin({ email, clientAddress: `192.0.2.${i + 1}` });
    const told = await Promise.all(Array.from({ length: AT_ONCE }, () => limits.beingGuessed(email)));
    assert.equal(told.filter(Boolean).length, 1);
  });

  it('judges exactly the allowed password forms of a network when more arrive at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const vet = createPasswordVetting(sharedRates(db()));
    const requester = { clientAddress: `198.51.100.${randomBytes(1)[0]}:${randomBytes(3).toString('hex')}` };
    const outcomes = await Promise.allSettled(
      Array.from({ length: PASSWORD_FORMS_PER_CLIENT_HOUR + 15 }, () => vet('short', [], requester)),
    );
    assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, PASSWORD_FORMS_PER_CLIENT_HOUR);
    assert.ok(
      outcomes.every((o) => o.status === 'fulfilled' || o.reason instanceof TooManyPasswordForms),
      'the rest are refused as too many, not failed',
    );
  });

  it('makes one organization of their own for a person with none, however many sign-ins arrive at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const { userId, organizationId } = await account();
    await db().query('delete from memberships where user_id = $1 and organization_id = $2', [userId, organizationId]);
    const memberships = createMemberships(db());
    const made = await Promise.all(Array.from({ length: 10 }, () => memberships.ownOrganization(userId)));
    assert.equal(made.filter(Boolean).length, 1);
    const [{ count }] = await db().query<{ count: number }>(
      `select count(*)::int as count from memberships where user_id = $1 and role = 'owner'`,
      [userId],
    );
    assert.equal(count, 1);
  });

  it('gives a second step exactly its tries when answers arrive at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const { userId } = await account();
    const steps = createSecondSteps(db());
    const id = await steps.start(userId, '');
    const taken = await Promise.all(Array.from({ length: AT_ONCE }, () => steps.take(id)));
    assert.equal(taken.filter((left) => left !== undefined).length, STEP_TRIES);
    assert.deepEqual(
      taken.filter((left) => left !== undefined).sort(),
      Array.from({ length: STEP_TRIES }, (_, i) => i),
    );
  });

  it('takes an authenticator code once when it arrives many times at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const user = await account();
    const totp = createTotp(db(), createSecretBox(randomBytes(32)));
    const { secret } = await totp.begin({ id: user.userId, email: user.email, organizationId: user.organizationId });
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    assert.ok(await totp.confirm({ id: user.userId, email: user.email, organizationId: user.organizationId }, code));
    const next = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + 30_000,
    });
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => totp.check(user.userId, next)));
    assert.equal(answers.filter(Boolean).length, 1);
  });

  it('leaves exactly one owner when two owners demote each other at once', async (t) => {
    if (!database()) return t.skip('PostgreSQL is not installed');
    const first = await account();
    const second = await account();
    await db().query(`insert into memberships (user_id, organization_id, role) values ($1, $2, 'owner')`, [
      second.userId,
      first.organizationId,
    ]);
    const memberships = createMemberships(db());
    const outcomes = await Promise.all([
      memberships.changeRole({ userId: first.userId, organizationId: first.organizationId }, second.userId, 'engineer'),
      memberships.changeRole({ userId: second.userId, organizationId: first.organizationId }, first.userId, 'engineer'),
    ]);
    assert.deepEqual(outcomes.sort(), ['done', 'last_owner']);
    const [{ n }] = await db().query<{ n: number }>(
      `select count(*)::int as n from memberships where organization_id = $1 and role = 'owner'`,
      [first.organizationId],
    );
    assert.equal(n, 1);
  });
});
