/**
 * The service as a test file uses it: started (servers/start-service.ts, as `npm start` starts it)
 * before the file's tests on free ports, with only the origins the file asks for, and stopped after
 * them. One per file: PGlite takes seconds to start on a busy machine.
 */
import { randomBytes } from 'node:crypto';
import { after, before } from 'node:test';
import { composeServices } from '../core/services/compose.js';
import { sandboxData } from '../sandbox/sandbox-data.js';
import type { ServiceSettings } from '../core/services/settings.js';
import type { Database } from '../db/database.js';
import { startService, type StartedService, type StartServiceOptions } from '../servers/start-service.js';

/**
 * `prepare` runs once the service is up, in the same hook: node:test runs a file's top-level `before`
 * hooks at once, not in turn, so a second hook would not find it started.
 */
export function serviceForTests(
  options: StartServiceOptions | (() => Promise<StartServiceOptions>),
  prepare?: (started: StartedService) => Promise<void>,
) {
  let started: StartedService | undefined;
  before(async () => {
    started = await startService(typeof options === 'function' ? await options() : options);
    await prepare?.(started);
  });
  after(async () => {
    await started?.stop();
  });
  const running = (): StartedService => {
    if (!started) throw new Error('The service starts in before(): read it inside a test.');
    return started;
  };
  return {
    service: running,
    services: () => running().services,
    db: () => running().db,
    urls: () => running().urls,
  };
}

/** The service's parts on `db` without servers, for a test that calls a surface in-process. */
export const composeForTests = async (db: Database, settings: Partial<ServiceSettings> = {}) =>
  composeServices(db, {
    urls: { widgetHost: 'https://service.example/', platform: 'https://api.example', mcp: 'https://mcp.example' },
    secretsKey: randomBytes(32),
    addresses: { allowHosts: new Set() },
    visitorLimits: true,
    data: await sandboxData(),
    ...settings,
  });
