/**
 * Readiness for live access, computed from what an organization did: the sandbox's seeded keys count
 * for nothing, each step ticks when it is done, the review cannot be requested before every step is,
 * and the review moves only as the contract's x-transitions allow.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPlatformKeyAdmin } from '../core/keys/platform-key-admin.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { createReadiness, REVIEW_TRANSITIONS } from '../core/organizations/readiness.js';

const AGENCY = { userId: 'usr_siti', organizationId: 'org_lionrealty' };
let db: Database;

before(async () => {
  db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seed(db);
});
after(() => db?.close());

describe('readiness for live access', () => {
  it('starts with nothing done (seeded keys do not count) and ticks a step when it is done', async () => {
    const readiness = createReadiness(db);
    const first = await readiness.of(AGENCY.organizationId);
    assert.equal(first.status, 'not_started');
    assert.deepEqual(
      first.steps.map((s) => [s.id, s.done]),
      [
        ['platform_key_created', false],
        ['widget_key_with_origin', false],
        ['webhook_endpoint_verified', false],
        ['valuation_called', false],
      ],
    );
    const made = await createPlatformKeyAdmin(db).createPlatformKey(AGENCY, 'Readiness', ['valuations.read'], 'owner');
    assert.ok('id' in made);
    const next = await readiness.of(AGENCY.organizationId);
    assert.equal(next.status, 'in_progress');
    assert.equal(next.steps[0]!.done, true);
    assert.match(next.steps[0]!.completedAt!, /^\d{4}-\d\d-\d\dT/);
    // The valuation route called with that key (the daily meter's row is what the API writes).
    await db.query(
      `insert into daily_usage (kind, subject, day, count) values ('platform_estimate', $1, current_date, 1)`,
      [made.id],
    );
    const called = (await readiness.of(AGENCY.organizationId)).steps[3]!;
    assert.equal(called.done, true);
    assert.ok(
      Math.abs(new Date(called.completedAt!).getTime() - Date.now()) < 60_000,
      `when it happened, not midnight: ${called.completedAt}`,
    );
  });

  it('refuses a review while a step is left, naming it, and moves the review only as the contract allows', async () => {
    const readiness = createReadiness(db);
    const early = await readiness.move(AGENCY, 'in_review');
    assert.ok('missing' in early);
    assert.deepEqual(early.missing, [
      'Make a widget key for your website',
      'Receive a test event at a webhook endpoint',
    ]);
    assert.deepEqual(await readiness.move(AGENCY, 'approved'), { refused: REVIEW_TRANSITIONS.not_requested });
    // Done by hand here (the e2e walk does them in the console).
    await db.query(
      `insert into widget_keys (id, organization_id, key, name) values ('wk_ready', $1, 'svce_test_ready00000000000000001', 'R')`,
      [AGENCY.organizationId],
    );
    await db.query(`insert into widget_key_origins values ('wk_ready', 'https://ready.example.sg')`);
    await db.query(
      `insert into webhook_endpoints (id, organization_id, url, secret_sealed) values ('we_ready', $1, 'https://ready.example.sg/h', 'x')`,
      [AGENCY.organizationId],
    );
    await db.query(
      `insert into webhook_deliveries (id, endpoint_id, event_id, event_type, body, test, status) values ('whd_ready', 'we_ready', 'evt_test_r', 'widget_key.created', '{}', true, 'succeeded')`,
    );
    assert.equal((await readiness.of(AGENCY.organizationId)).status, 'ready_for_review');
    const requested = await readiness.move(AGENCY, 'in_review', 'Our agency site.');
    assert.ok('onboarding' in requested);
    assert.equal(requested.onboarding.status, 'in_review');
    assert.deepEqual(await readiness.move(AGENCY, 'in_review'), { refused: REVIEW_TRANSITIONS.in_review });
    const approved = await readiness.move(AGENCY, 'approved');
    assert.ok('onboarding' in approved);
    assert.equal(approved.onboarding.status, 'approved', 'approved, not live: nothing live exists yet');
    assert.deepEqual(await readiness.move(AGENCY, 'changes_requested'), { refused: [] });
    const audit = await db.query<{ action: string }>(
      `select action from audit_log where organization_id = $1 and action like 'integration_review.%' order by id`,
      [AGENCY.organizationId],
    );
    assert.deepEqual(
      audit.map((a) => a.action),
      ['integration_review.in_review', 'integration_review.approved'],
    );
  });
});
