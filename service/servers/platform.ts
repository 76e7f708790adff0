/** The Platform API's origin: `/v1` for the API, `/reference` for its reference, each its surface's routes. */
import type { Server } from 'node:http';
import { Hono } from 'hono';
import type { EstimateEngine } from '../core/estimates/engine.js';
import type { IdempotencyStore } from '../core/idempotency/idempotency-store.js';
import type { PlatformKeyStore } from '../core/keys/platform-key-store.js';
import type { DailyMeter } from '../core/metering/daily-meter.js';
import { REFERENCE_POLICY, renderReference } from '../surfaces/docs/api-reference.js';
import { createPlatformApi } from '../surfaces/platform/api.js';
import { listen } from '../web/serve.js';

export interface PlatformServerOptions {
  port: number;
  host?: string;
  engine: EstimateEngine;
  /** The database's keys; the sandbox's platform keys in memory without one. */
  keyStore?: PlatformKeyStore;
  meter?: DailyMeter;
  idempotency?: IdempotencyStore;
}

export async function startPlatformServer(
  options: PlatformServerOptions,
): Promise<{ server: Server; baseUrl: string; referenceUrl: string }> {
  const hostname = options.host ?? '127.0.0.1';
  const origin = `http://${hostname}:${options.port}`;
  const baseUrl = `${origin}/v1`;
  const referenceUrl = `${origin}/reference`;
  const reference = String(renderReference(baseUrl));
  const app = new Hono()
    .get('/', (c) => c.redirect('/reference', 302))
    .get('/reference', (c) => c.html(reference, 200, { 'Content-Security-Policy': REFERENCE_POLICY }))
    .route(
      '/',
      createPlatformApi({
        engine: options.engine,
        keyStore: options.keyStore,
        meter: options.meter,
        idempotency: options.idempotency,
        referenceUrl,
      }),
    );
  const server = await listen(app.fetch, options.port, hostname);
  return { server, baseUrl, referenceUrl };
}
