/**
 * The Zapier integration under Zapier's own test tool (createAppTester) against the sandbox on
 * loopback: it passes Zapier's schema, connects with a key, a trigger subscribes and fires on a real
 * signed delivery (and ignores a forged one), an action makes a listing, and searches find it.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { serviceForTests } from '../../../service/tests/service-for-tests.js';
import { startReceiver } from '../../../service/tests/webhook-receiver.js';
import contract from '../../../contract/platform.openapi.json' with { type: 'json' };

// Zapier's checks of what a trigger, action or search returns run only when it knows it is under test.
process.env.NODE_ENV = 'test';
const { createAppTester } = await import('zapier-platform-core');
const { default: App } = await import('../index.js');
const require = createRequire(import.meta.url);

const AGENCY = 'svcp_test_agency00000000000000001';
// What an operation answers is the API's JSON, read here as each test checks it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;
const tester = createAppTester(App as never);
const appTester = (method: (z: never, bundle: never) => unknown, bundle: object): Promise<Answer> =>
  tester(method as never, bundle as never);
const sandbox = serviceForTests({
  origins: { platform: 0 },
  // The outbox and the deliveries run as in production: the trigger waits for a real delivery.
  workers: true,
  settings: { addresses: { allowHosts: new Set(['127.0.0.1']) } },
});
const authData = () => ({ apiKey: AGENCY, baseUrl: sandbox.services().links.apiBase });

/** Zapier's app validator, and each action's own schema (which also asks for a sample). */
function problemsIn(app: unknown): string[] {
  const { validateApp, compileApp } = require('zapier-platform-core/src/tools/schema');
  const { recurseCleanFuncs } = require('zapier-platform-core/src/tools/cleaner');
  const schemas = {
    triggers: require('zapier-platform-schema/lib/schemas/TriggerSchema'),
    creates: require('zapier-platform-schema/lib/schemas/CreateSchema'),
    searches: require('zapier-platform-schema/lib/schemas/SearchSchema'),
  };
  const errors: string[] = validateApp(app).map(
    (e: { property: string; message: string }) => `${e.property} ${e.message}`,
  );
  const compiled = recurseCleanFuncs(compileApp(app));
  for (const [group, schema] of Object.entries(schemas)) {
    for (const [key, action] of Object.entries(compiled[group] ?? {})) {
      for (const e of schema.validate(action).errors) errors.push(`${group}.${key} ${e.property} ${e.message}`);
    }
  }
  return errors;
}

async function until<T>(read: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`Waited ${ms} ms for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the Zapier integration', () => {
  it("passes Zapier's schema, with a trigger per event, an action per write and a search per read", () => {
    assert.deepEqual(problemsIn(App), []);
    assert.equal(Object.keys(App.triggers).length, Object.keys(contract.webhooks).length);
    assert.ok(App.creates.create_listing && App.searches.get_listing && App.triggers.listing_created);
    // The check can fail: a label over Zapier's 64 characters.
    const broken = {
      ...App,
      creates: {
        ...App.creates,
        create_listing: { ...App.creates.create_listing, display: { label: 'x'.repeat(65), description: 'd' } },
      },
    };
    assert.ok(problemsIn(broken).some((p) => p.includes('create_listing')));
  });

  it('connects with a platform key and names what is wrong with a bad one', async () => {
    const organization = await appTester(App.authentication.test, { authData: authData() });
    assert.equal(organization.id, 'org_lionrealty');
    await assert.rejects(
      appTester(App.authentication.test, { authData: { ...authData(), apiKey: 'svcp_test_nosuchkey00000000000009' } }),
      (error: Error) => error.name === 'ExpiredAuthError' && /unknown_key/.test(error.message),
    );
  });

  it('a trigger subscribes, fires on a real signed delivery of a listing an action made, refuses a forged one, and unsubscribes', async () => {
    const receiver = await startReceiver();
    try {
      const trigger = App.triggers.listing_created.operation;
      const subscription = await appTester(trigger.performSubscribe, {
        authData: authData(),
        targetUrl: `${receiver.base}/zap`,
      });
      assert.match(subscription.id, /^we_/);
      assert.match(subscription.secret, /^whsec_/);

      const listing = await appTester(App.creates.create_listing.operation.perform, {
        authData: authData(),
        inputData: { propertyId: 'hdb-560102-4-room', mode: 'sale', listPrice: 598000, publicRemarks: 'From a Zap' },
      });
      assert.match(listing.id, /^lst_/);
      assert.equal(listing.listPrice, 598000);

      const delivery = await until(
        () => receiver.at('/zap').find((r) => (r.body.data as { target: string }).target === listing.id),
        'the listing.created delivery',
      );
      // As Zapier hands a delivery to the trigger: headers renamed Http-…, the body's bytes as sent.
      const rawRequest = {
        method: 'POST',
        querystring: '',
        headers: {
          'Content-Type': 'application/json',
          'Http-Webhook-Id': delivery.id,
          'Http-Webhook-Timestamp': delivery.timestamp,
          'Http-Webhook-Signature': delivery.signature,
        },
        content: delivery.raw,
      };
      const fired = await appTester(trigger.perform, {
        authData: authData(),
        subscribeData: subscription,
        rawRequest,
        cleanedRequest: delivery.body,
      });
      assert.equal(fired.length, 1);
      assert.equal(fired[0].type, 'listing.created');
      assert.equal(fired[0].target, listing.id);
      assert.equal(fired[0].listPrice, 598000);
      assert.match(fired[0].id, /^evt_/);

      const forged = { ...rawRequest, content: delivery.raw.replace('598000', '1') };
      await assert.rejects(
        appTester(trigger.perform, { authData: authData(), subscribeData: subscription, rawRequest: forged }),
        /signature/,
      );

      await appTester(trigger.performUnsubscribe, { authData: authData(), subscribeData: subscription });
      const gone = await fetch(`${authData().baseUrl}/webhooks/endpoints/${subscription.id}`, {
        headers: { Authorization: `Bearer ${AGENCY}` },
      });
      assert.equal(gone.status, 404);
    } finally {
      receiver.close();
    }
  });

  it('searches find by id and by filter, and an unknown id finds nothing', async () => {
    const [listing] = await appTester(App.searches.get_listing.operation.perform, {
      authData: authData(),
      inputData: { listingId: 'lst_0001' },
    });
    assert.equal(listing.id, 'lst_0001');
    assert.deepEqual(
      await appTester(App.searches.get_listing.operation.perform, {
        authData: authData(),
        inputData: { listingId: 'lst_nothere' },
      }),
      [],
    );
    const active = await appTester(App.searches.list_listings.operation.perform, {
      authData: authData(),
      inputData: { standardStatus: 'active' },
    });
    assert.ok(active.length > 0 && active.every((l: { standardStatus: string }) => l.standardStatus === 'active'));
  });

  it("an action's bad input comes back as the API's sentence, and nested fields reach the body", async () => {
    await assert.rejects(
      appTester(App.creates.create_listing.operation.perform, {
        authData: authData(),
        inputData: { propertyId: 'hdb-560102-4-room', mode: 'sale', listPrice: -5 },
      }),
      /body\.listPrice.*invalid_request/,
    );
    const lead = await appTester(App.creates.create_lead.operation.perform, {
      authData: { ...authData(), apiKey: 'svcp_test_developer0000000000002' },
      inputData: { projectId: 'proj_0002', contact__name: 'Tan Wei', contact__email: 'tan@example.com' },
    });
    assert.equal(lead.contact.email, 'tan@example.com');
    assert.equal(lead.contact.name, 'Tan Wei');
  });
});
