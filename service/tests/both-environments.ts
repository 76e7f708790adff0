/**
 * The service as a test of both environments starts it: the sandbox and live in one process, on a
 * database holding the official files (imported-world.ts), with workers and a local mail receiver.
 * One per test file; a console page's platform key made as a person makes one.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Database } from '../db/database.js';
import { startService, type StartedService } from '../servers/start-service.js';
import type { ConsoleBrowser } from './console-browser.js';
import { importedWorld } from './imported-world.js';
import { testMail } from './test-mail.js';

export type Environment = 'sandbox' | 'live';

export function bothEnvironments() {
  const mailbox = testMail();
  let started: StartedService;
  let db: Database;
  before(async () => {
    db = await importedWorld();
    started = await startService({
      database: db,
      origins: { widgetHost: 0, platform: 0, mcp: 0 },
      live: { origins: { widgetHost: 0, platform: 0, mcp: 0 } },
      workers: true,
      settings: { mail: await mailbox.start(), visitorLimits: false },
      // Hundreds of requests a minute with one key; the per-minute limit has its own tests.
      adjust: (services) => ({ ...services, rates: { ...services.rates, count: async () => 1 } }),
    });
  });
  after(async () => {
    await started?.stop();
    await db?.close();
  });
  return {
    mailbox,
    started: () => started,
    db: () => db,
    servicesOf: (environment: Environment) => (environment === 'live' ? started.live!.services : started.services),
    consoleBase: () => started.urls.widgetHost.replace(/\/$/, ''),
  };
}

/** A platform key of every scope the person's role allows, made on the console's page in the environment it shows: shown once. */
export async function platformKeyOn(browser: ConsoleBrowser) {
  const form = await browser.get('/console/platform-keys');
  const scopes = [...form.text.matchAll(/name="scopes" id="[^"]+" value="([^"]+)"/g)].map((m) => m[1]!);
  const made = await browser.post('/console/platform-keys', { label: 'Everything', scopes });
  assert.equal(made.status, 200, made.text.slice(0, 400));
  return /id="new-key"[^>]*>([^<]+)</.exec(made.text)![1]!;
}
