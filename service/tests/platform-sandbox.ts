/**
 * The Platform API as the sandbox serves it, for tests over real HTTP: PGlite migrated and seeded,
 * every database area, and a `call` that sends a request with a key and reads the JSON answer. One
 * per test file (PGlite takes seconds to start on a busy machine).
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { after, before } from 'node:test';
import { createEstimateEngine } from '../core/estimates/engine.js';
import { createIdempotencyStore } from '../core/idempotency/idempotency-store.js';
import { createInventory } from '../core/inventory/inventory.js';
import { databasePlatformKeys } from '../core/keys/platform-key-store.js';
import { createListingArea } from '../core/listings/listing-area.js';
import { createReadiness } from '../core/organizations/readiness.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { createWebhookService } from '../core/webhooks/webhook-service.js';
import { memoryRates } from '../core/metering/rate-store.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { startPlatformServer } from '../servers/platform.js';

export type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Starts the sandbox's Platform API on `port` before the file's tests and stops it after them. */
export function platformSandbox(port: number, defaultKey: string) {
  let db: Database;
  let server: Server;
  let base: string;
  before(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seed(db);
    const engine = createEstimateEngine({ serviceUrl: `http://127.0.0.1:${port + 1}/` });
    ({ server, baseUrl: base } = await startPlatformServer({
      port,
      engine,
      keyStore: databasePlatformKeys(db),
      idempotency: createIdempotencyStore(db),
      // These suites send hundreds of requests a minute with one key; the per-minute limit has its own tests.
      rates: { ...memoryRates(), count: async () => 1 },
      listingArea: createListingArea(db, engine.fixtures.byId),
      inventory: createInventory(db),
      webhooks: createWebhookService(db, createSecretBox(randomBytes(32)), { policy: { allowHosts: new Set() } }),
      readiness: createReadiness(db),
    }));
  });
  after(async () => {
    server?.close();
    await db?.close();
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    key = defaultKey,
    headers: Record<string, string> = {},
  ) {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }
  /** The reference page's curl lines whose URL matches `path`, each as a shell would run it. */
  async function referenceCurls(path: RegExp) {
    const page = await (await fetch(`${new URL(base).origin}/reference/all`)).text();
    return [...page.matchAll(/<code>(curl [^<]+)<\/code>/g)]
      .map((m) => m[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#39;', "'"))
      .filter((line) => path.test(line));
  }
  return { call, db: () => db, base: () => base, referenceCurls };
}
