/**
 * The workers every process of the service runs, on its composed parts (any number of processes may
 * run them): the shared ones (identity, mail) once, on the sandbox's parts, and each environment's own.
 */
import type { Services } from '../core/services/compose.js';
import { expirySweeper } from './expiry-sweeper.js';
import { mailSender } from './mail-sender.js';
import { idempotencyPruner } from './idempotency-pruner.js';
import type { Worker } from './runner.js';
import { webhookWorkers } from './webhook-workers.js';
import { dataReloader } from './data-reloader.js';
import { dataFetcher } from './data-fetcher.js';
import { staleDataAnnouncer } from './stale-data-announcer.js';

export const serviceWorkers = (services: Services): Worker[] => [
  ...environmentWorkers(services),
  expirySweeper({
    sessions: services.sessions,
    meter: services.meter,
    shared: [
      services.rates,
      services.personRates,
      services.mcpSessions,
      services.signInLimits,
      services.accountTokens,
      services.passkeys,
      services.secondSteps,
    ],
  }),
  // Mail leaves only where the deployment says; without a server it waits in the outbox.
  ...(services.settings.mail
    ? [mailSender(services.mailOutbox, services.settings.mail, services.passwordChanges.writeRequested)]
    : []),
];

/** What live's own tables need beside its environment's workers: its limits' counts and MCP sessions swept. */
export const liveWorkers = (services: Services): Worker[] => [
  ...environmentWorkers(services),
  expirySweeper({ meter: services.meter, shared: [services.rates, services.mcpSessions] }),
];

/** What one environment's own tables need: idempotency keys pruned, events delivered; and its data kept current. */
const environmentWorkers = (services: Services): Worker[] => [
  idempotencyPruner(services.idempotency),
  ...(services.settings.data.reload ? [dataReloader(services.data)] : []),
  ...(services.officialFetch ? [dataFetcher(services.officialFetch)] : []),
  staleDataAnnouncer(services),
  // The outbox's events become webhook deliveries, which the sender posts.
  ...webhookWorkers(services.db, services.webhooks),
];
