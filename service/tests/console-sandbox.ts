/**
 * The API Console on the widget host's server, over a fresh PGlite database migrated and seeded, for a
 * test file: started before its tests and stopped after them. `options` adds what a file needs beyond
 * the console's own stores (the webhook area, a pinned loader).
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { after, before } from 'node:test';
import { createIdempotencyStore } from '../core/idempotency/idempotency-store.js';
import { databaseWidgetKeys } from '../core/keys/widget-keys.js';
import { createSecretBox } from '../core/webhooks/secret-box.js';
import { createWebhookService } from '../core/webhooks/webhook-service.js';
import { type Database, openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { seed } from '../sandbox/seed.js';
import { startWidgetHostServer } from '../servers/widget-host.js';
import { createConsole, type ConsoleOptions } from '../surfaces/console/console.js';

export function consoleSandbox(
  port: number,
  options: { webhooks?: boolean; pinnedLoader?: ConsoleOptions['pinnedLoader'] } = {},
) {
  let server: Server;
  let db: Database;
  before(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    await migrate(db);
    await seed(db);
    ({ server } = await startWidgetHostServer({
      port,
      keyStore: databaseWidgetKeys(db),
      console: (baseUrl) =>
        createConsole({
          db,
          idempotency: createIdempotencyStore(db),
          widgetScriptUrl: `${baseUrl}v1/widget.js`,
          pinnedLoader: options.pinnedLoader,
          webhooks: options.webhooks
            ? createWebhookService(db, createSecretBox(randomBytes(32)), { policy: { allowHosts: new Set() } })
            : undefined,
        }),
    }));
  });
  after(async () => {
    server.close();
    await db.close();
  });
  return { base: `http://127.0.0.1:${port}`, db: () => db };
}
