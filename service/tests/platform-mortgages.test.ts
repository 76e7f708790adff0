/**
 * Buyers' mortgage journeys over real HTTP on PGlite: a journey walked from affordability to
 * completion (the affordability the same answer as MCP's tool, the valuation the same estimate as
 * GET /valuations), every move the state machine forbids refused (409) from every status, each
 * step's figures checked against the rules (422 naming the field), bad input (400), not found (404,
 * another organization's journey too), scope (403), events without the buyer, and a reset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { affordability } from '../core/finance/affordability.js';
import { JOURNEY_TRANSITIONS, type JourneyStatus } from '../core/mortgages/journey-store.js';
import { JOURNEY_FIXTURES } from '../sandbox/mortgage-fixtures.js';
import { type Body, platformSandbox } from './platform-sandbox.js';

const AGENCY = 'svcp_test_agency00000000000000001';
const DEVELOPER = 'svcp_test_developer0000000000002'; // another organization, no mortgage scopes
const PARTNER = 'svcp_test_partner000000000000003'; // organizations.read and valuations.read only
const { call, db, services } = platformSandbox(AGENCY);
const JOURNEYS = '/mortgage-journeys';
const HOME = 'hdb-560102-4-room';
const INPUT = {
  propertyPrice: 600_000,
  monthlyIncome: 9_000,
  propertyType: 'hdb',
  loanType: 'bank',
  tenureYears: 25,
} as const;
const buyer = { name: 'Goh Siew Ling', email: 'siewling@example.com' };
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fieldOf = (answer: { body: Body }) => answer.body.errors?.[0]?.parameter;
const start = async (extra: Record<string, unknown> = {}) => {
  const answer = await call('POST', JOURNEYS, { buyer, propertyId: HOME, affordability: INPUT, ...extra });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
};
const eventsFor = async (target: string) =>
  db().query<{ type: string; payload: string }>(
    `select type, payload::text as payload from outbox where payload->>'target' = $1 order by id`,
    [target],
  );

/** A valid body for each move, so that only the state machine can refuse it. */
const MOVES: Record<Exclude<JourneyStatus, 'affordability_checked'>, { path: string; body?: object }> = {
  approved_in_principle: { path: 'approval', body: { lender: 'Sandbox Bank', amount: 400_000, validUntil: ahead(60) } },
  valued: { path: 'valuation', body: { amount: 610_000 } },
  offered: { path: 'offer', body: { loanAmount: 400_000, interestRatePercent: 2.9, tenureYears: 25 } },
  accepted: { path: 'accept' },
  completed: { path: 'complete' },
  declined: { path: 'decline', body: { reason: 'Income could not be verified.' } },
  withdrawn: { path: 'withdraw', body: { reason: 'Chose another home.' } },
};
const move = (id: string, to: keyof typeof MOVES, body = MOVES[to].body, key = AGENCY) =>
  call('POST', `${JOURNEYS}/${id}/${MOVES[to].path}`, body, key);

describe('mortgage journeys', () => {
  it('walks a journey from affordability to completion, each step recorded and announced', async () => {
    const journey = await start();
    assert.equal(journey.status, 'affordability_checked');
    assert.deepEqual(journey.allowedTransitions, ['approved_in_principle', 'withdrawn']);
    assert.deepEqual(journey.buyer, buyer);
    // The same answer as MCP's mortgage_affordability, each rule with its source.
    assert.deepEqual(journey.affordability, affordability(INPUT));
    assert.equal(journey.affordability.maxLoan, 450_000);
    assert.ok(journey.affordability.rules.every((r: Body) => r.source.name && r.effectiveFrom));

    const approved = await move(journey.id, 'approved_in_principle', {
      lender: 'Sandbox Bank',
      amount: 450_000,
      validUntil: ahead(90),
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.approval.amount, 450_000);

    // Valued by the service's own estimate of the home: the same figure GET /valuations gives.
    const valued = await call('POST', `${JOURNEYS}/${journey.id}/valuation`, {});
    assert.equal(valued.status, 200, JSON.stringify(valued.body));
    const estimate = await call('GET', `/valuations/properties/${HOME}/estimate?mode=sale`);
    assert.deepEqual(
      [
        valued.body.valuation.source,
        valued.body.valuation.amount,
        valued.body.valuation.estimateLow,
        valued.body.valuation.estimateHigh,
      ],
      ['service_estimate', estimate.body.value, estimate.body.low, estimate.body.high],
    );

    const lower = Math.min(INPUT.propertyPrice, estimate.body.value);
    const loan = Math.min(450_000, affordability({ ...INPUT, propertyPrice: lower, interestRatePercent: 2.9 }).maxLoan);
    const offered = await move(journey.id, 'offered', { loanAmount: loan, interestRatePercent: 2.9, tenureYears: 25 });
    assert.equal(offered.status, 200, JSON.stringify(offered.body));
    assert.ok(offered.body.offer.monthlyInstalment > 1000 && offered.body.offer.monthlyInstalment < 3000);
    assert.equal((await move(journey.id, 'accepted')).body.status, 'accepted');
    const completed = await move(journey.id, 'completed');
    assert.equal(completed.body.status, 'completed');
    assert.deepEqual(completed.body.allowedTransitions, []);
    assert.ok(completed.body.acceptedAt && completed.body.completedAt);
    assert.deepEqual((await call('GET', `${JOURNEYS}/${journey.id}`)).body, completed.body);

    const events = await eventsFor(journey.id);
    assert.deepEqual(
      events.map((e) => e.type).sort(),
      ['started', 'approved_in_principle', 'valued', 'offered', 'accepted', 'completed']
        .map((s) => `mortgage_journey.${s}`)
        .sort(),
    );
    // A receiver learns the figures, never the buyer.
    for (const e of events) assert.ok(!e.payload.includes(buyer.email) && !e.payload.includes(buyer.name), e.payload);
    const approvedEvent = events.find((e) => e.type === 'mortgage_journey.approved_in_principle')!;
    assert.deepEqual(JSON.parse(approvedEvent.payload).detail, {
      status: 'approved_in_principle',
      from: 'affordability_checked',
      amount: 450_000,
      propertyId: HOME,
    });
  });

  it('refuses every move the state machine forbids, from every status, naming the allowed ones', async () => {
    const byStatus = new Map<JourneyStatus, string>(JOURNEY_FIXTURES.map((j) => [j.status, j.id]));
    const declined = await start();
    await move(declined.id, 'approved_in_principle');
    assert.equal((await move(declined.id, 'declined')).body.status, 'declined');
    byStatus.set('declined', declined.id);
    const withdrawn = await start();
    assert.equal((await move(withdrawn.id, 'withdrawn')).body.status, 'withdrawn');
    byStatus.set('withdrawn', withdrawn.id);
    const accepted = await start();
    for (const to of ['approved_in_principle', 'valued', 'offered', 'accepted'] as const)
      assert.equal((await move(accepted.id, to)).status, 200);
    byStatus.set('accepted', accepted.id);
    assert.equal(byStatus.size, Object.keys(JOURNEY_TRANSITIONS).length, 'a journey in every status');

    let refusals = 0;
    for (const [from, id] of byStatus) {
      for (const to of Object.keys(MOVES) as (keyof typeof MOVES)[]) {
        if (JOURNEY_TRANSITIONS[from].includes(to)) continue;
        const answer = await move(id, to);
        assert.equal(answer.status, 409, `${from} → ${to}: ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body.code, 'transition_not_allowed');
        assert.deepEqual(answer.body.allowedTransitions, JOURNEY_TRANSITIONS[from]);
        refusals++;
      }
      assert.equal((await call('GET', `${JOURNEYS}/${id}`)).body.status, from, 'a refused move changes nothing');
    }
    // Seven moves from each of eight statuses, less the twelve the machine allows.
    assert.equal(refusals, 8 * 7 - Object.values(JOURNEY_TRANSITIONS).flat().length);
    // A refused valuation asks the estimate engine nothing: no valuation is spent on it.
    const usedBefore = await db().query(`select count(*)::int as n from outbox where type = 'mortgage_journey.valued'`);
    assert.equal((await call('POST', `${JOURNEYS}/${byStatus.get('offered')}/valuation`, {})).status, 409);
    assert.deepEqual(
      await db().query(`select count(*)::int as n from outbox where type = 'mortgage_journey.valued'`),
      usedBefore,
    );
  });

  it('checks each step against the rules and the steps before it (422 naming the field)', async () => {
    const journey = await start();
    const tooMuch = await move(journey.id, 'approved_in_principle', {
      lender: 'X',
      amount: 450_001,
      validUntil: ahead(30),
    });
    assert.equal(tooMuch.status, 422);
    assert.equal(fieldOf(tooMuch), 'body.amount');
    assert.match(tooMuch.body.detail, /S\$450,000, limited by the loan-to-value/i);
    const past = await move(journey.id, 'approved_in_principle', {
      lender: 'X',
      amount: 300_000,
      validUntil: '2020-01-01',
    });
    assert.equal(fieldOf(past), 'body.validUntil');
    assert.equal(
      (await move(journey.id, 'approved_in_principle', { lender: 'X', amount: 420_000, validUntil: ahead(30) })).status,
      200,
    );
    // A valuation below the price: the loan-to-value limit applies to it.
    assert.equal((await move(journey.id, 'valued', { amount: 500_000 })).status, 200);
    const aboveApproval = await move(journey.id, 'offered', {
      loanAmount: 430_000,
      interestRatePercent: 2.9,
      tenureYears: 25,
    });
    assert.equal(fieldOf(aboveApproval), 'body.loanAmount');
    assert.match(aboveApproval.body.detail, /approval in principle \(S\$420,000\)/);
    const aboveValuation = await move(journey.id, 'offered', {
      loanAmount: 400_000,
      interestRatePercent: 2.9,
      tenureYears: 25,
    });
    assert.equal(aboveValuation.status, 422);
    assert.match(aboveValuation.body.detail, /lower of the price and the valuation \(S\$500,000\): at most S\$375,000/);
    assert.equal(
      (await move(journey.id, 'offered', { loanAmount: 375_000, interestRatePercent: 2.9, tenureYears: 25 })).status,
      200,
    );

    // An approval that has run out allows no offer.
    const lapsed = await start();
    await move(lapsed.id, 'approved_in_principle');
    await move(lapsed.id, 'valued');
    await db().query(
      `update mortgage_journeys set approval = jsonb_set(approval, '{validUntil}', '"2020-01-01"') where id = $1`,
      [lapsed.id],
    );
    const expired = await move(lapsed.id, 'offered');
    assert.equal(expired.status, 422);
    assert.match(expired.body.detail, /ran out on 2020-01-01/);
    const blankBuyer = await call('POST', JOURNEYS, {
      buyer: { name: '  ', email: 'x@example.com' },
      affordability: INPUT,
    });
    assert.equal(fieldOf(blankBuyer), 'body.buyer.name');

    const condoOnHdbLoan = await call('POST', JOURNEYS, {
      buyer,
      affordability: { ...INPUT, propertyType: 'condo', loanType: 'hdb' },
    });
    assert.equal(condoOnHdbLoan.status, 422);
    assert.equal(fieldOf(condoOnHdbLoan), 'body.affordability');
    assert.match(condoOnHdbLoan.body.detail, /HDB loan is for HDB flats only/);
    const noHome = await call('POST', JOURNEYS, { buyer, propertyId: 'hdb-999999-9-room', affordability: INPUT });
    assert.equal(fieldOf(noHome), 'body.propertyId');
    const homeless = await start({ propertyId: undefined });
    await move(homeless.id, 'approved_in_principle');
    const unvalued = await call('POST', `${JOURNEYS}/${homeless.id}/valuation`, {});
    assert.equal(unvalued.status, 422);
    assert.equal(fieldOf(unvalued), 'body.amount');
  });

  it('refuses what the contract forbids (400), not found (404), and a key without the scope (403)', async () => {
    for (const bad of [
      {},
      { buyer, affordability: { ...INPUT, propertyPrice: -1 } },
      { buyer: { name: '', email: 'x@example.com' }, affordability: INPUT },
      { buyer: { name: 'A', email: 'not an email' }, affordability: INPUT },
      { buyer, affordability: INPUT, extra: true },
      { buyer, affordability: { ...INPUT, tenureYears: 40 } },
    ]) {
      const answer = await call('POST', JOURNEYS, bad);
      assert.equal(answer.status, 400, JSON.stringify(bad));
      assert.equal(answer.body.code, 'invalid_request');
    }
    assert.equal(
      (await move('mtg_0001', 'approved_in_principle', { lender: 'X', amount: '1', validUntil: ahead(9) })).status,
      400,
    );
    assert.equal((await call('GET', `${JOURNEYS}?status=somewhere`)).status, 400);
    assert.equal((await call('GET', `${JOURNEYS}/not-an-id`)).status, 400);

    const missing = await call('GET', `${JOURNEYS}/mtg_nothere`);
    assert.equal(missing.status, 404);
    assert.match(missing.body.detail, /No mortgage journey mtg_nothere/);
    assert.equal((await move('mtg_nothere', 'accepted')).status, 404);

    // Another organization's key holding the scopes reads none of these: a developer holds no mortgage journeys.
    const scoped = await db().query<{ id: string }>(`select id from platform_keys where last4 = '0002'`);
    await db().query(`update platform_keys set scopes = scopes || '{mortgages.read,mortgages.write}' where id = $1`, [
      scoped[0]!.id,
    ]);
    assert.equal((await call('GET', `${JOURNEYS}/mtg_0001`, undefined, DEVELOPER)).body.code, 'product_not_held');
    assert.equal((await call('GET', JOURNEYS, undefined, DEVELOPER)).body.code, 'product_not_held');
    assert.equal((await move('mtg_0001', 'withdrawn', undefined, DEVELOPER)).status, 403);

    for (const [method, path, scope] of [
      ['GET', JOURNEYS, 'mortgages.read'],
      ['GET', `${JOURNEYS}/mtg_0001`, 'mortgages.read'],
      ['POST', `${JOURNEYS}/mtg_0001/accept`, 'mortgages.write'],
    ] as const) {
      const answer = await call(method, path, method === 'POST' ? {} : undefined, PARTNER);
      assert.equal(answer.status, 403);
      assert.equal(answer.body.requiredScope, scope);
    }
  });

  it('answers only an organization holding the product: a signed-up developer or partner site is refused whatever its key holds', async () => {
    for (const kind of ['developer', 'partner_site'] as const) {
      const organizationId = `org_products_${kind}`;
      await db().query(`insert into organizations (id, name, kind) values ($1, $2, $3) on conflict do nothing`, [
        organizationId,
        `Signed-up ${kind}`,
        kind,
      ]);
      await db().query(
        `insert into users (id, organization_id, name, email, role, kind) values ($1, $2, 'Owner', $3, 'owner', 'account')
         on conflict do nothing`,
        [`usr_products_${kind}`, organizationId, `owner.${kind}@example.test`],
      );
      const made = await services().platformKeyAdmin.createPlatformKey(
        { userId: `usr_products_${kind}`, organizationId },
        'Everything',
        ['mortgages.read', 'mortgages.write', 'service_orders.read', 'service_orders.write'],
        'owner',
      );
      assert.ok('key' in made, JSON.stringify(made));
      const refused = await call('POST', JOURNEYS, { buyer, propertyId: HOME, affordability: INPUT }, made.key, {
        'Idempotency-Key': `products-${kind}`,
      });
      assert.deepEqual([refused.status, refused.body.code], [403, 'product_not_held'], kind);
      assert.match(refused.body.detail, /GET \/products lists what it holds/);
      const listed = await call('GET', '/service-orders', undefined, made.key);
      assert.deepEqual([listed.status, listed.body.code], [403, 'product_not_held'], kind);
    }
  });

  it('lists journeys a page at a time, filtered by status, and a reset puts the fixtures back', async () => {
    const offered = await call('GET', `${JOURNEYS}?status=offered`);
    assert.ok(offered.body.data.length >= 1 && offered.body.data.every((j: Body) => j.status === 'offered'));
    const first = await call('GET', `${JOURNEYS}?limit=2`);
    assert.equal(first.body.data.length, 2);
    assert.equal(first.body.hasMore, true);
    const second = await call('GET', `${JOURNEYS}?limit=2&cursor=${first.body.nextCursor}`);
    assert.notEqual(second.body.data[0].id, first.body.data[0].id);

    await start();
    assert.equal((await call('POST', '/organizations/current/sandbox-reset')).status, 200);
    const after = await call('GET', `${JOURNEYS}?limit=100`);
    assert.deepEqual(
      after.body.data.map((j: Body) => [j.id, j.status]),
      JOURNEY_FIXTURES.map((j) => [j.id, j.status]),
    );
  });
});
