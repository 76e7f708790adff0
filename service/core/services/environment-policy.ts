/**
 * One environment's rules, decided once where the service is composed: which keys it takes, whom it
 * may call, which websites a widget key may name, which data it values, and whether it may make data
 * up (a reset to fixtures, a test event). Surfaces and servers ask it (`services.environment`)
 * instead of comparing the environment's name where each rule is used.
 */
import type { Environment } from '../../db/environments.js';
import { liveOrigins, type OriginRule, SANDBOX_ORIGINS } from '../keys/origins.js';
import { platformKeyPrefix, widgetKeyPrefix } from '../keys/prefixes.js';
import type { AddressPolicy } from '../webhooks/address-guard.js';
import type { ImportOrigin } from '../datasets/official/official-datasets.js';

export interface EnvironmentPolicy {
  name: Environment;
  /** The prefixes of the keys it takes. */
  keys: { platform: string; widget: string };
  /** Whether it makes data up: a reset to the fixtures, a webhook test event (the sandbox does; live never). */
  makesUpData: boolean;
  /** Why live refuses what only the sandbox has, for `what` ("A reset", "A test event"). */
  sandboxOnly(what: string): string;
  /** Hosts it may call: webhook receivers, AI apps' metadata documents (live: no loopback or private address). */
  callableHosts: AddressPolicy;
  /** The websites a widget key may name. */
  widgetOrigins: OriginRule;
  /** The origins of the imported data it lists. */
  dataOrigins: ('official' | 'sandbox')[];
  /** The origins of the data it values, whose freshness it reports: live's samples on a development server too. */
  valuedOrigins: ImportOrigin[];
}

export function environmentPolicy(
  name: Environment,
  deployment: { addresses: AddressPolicy; loopbackOrigins?: boolean },
): EnvironmentPolicy {
  const live = name === 'live';
  return {
    name,
    keys: { platform: platformKeyPrefix(name), widget: widgetKeyPrefix(name) },
    makesUpData: !live,
    sandboxOnly: (what) => `${what} exists only in the sandbox; live data are never reset or made up.`,
    callableHosts: live ? { allowHosts: new Set() } : deployment.addresses,
    widgetOrigins: live ? liveOrigins(deployment.loopbackOrigins ?? false) : SANDBOX_ORIGINS,
    dataOrigins: live ? ['official'] : ['official', 'sandbox'],
    valuedOrigins: live ? ['official', 'sample'] : ['official', 'sandbox'],
  };
}
