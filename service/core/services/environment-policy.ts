/**
 * One environment's rules, decided once where the service is composed: which keys it takes, whom it
 * may call, which websites a widget key may name, which data it values, and whether it may make data
 * up (a reset to fixtures, a test event). Surfaces and servers ask it (`services.environment`)
 * instead of comparing the environment's name where each rule is used.
 */
import type { Environment } from '../../db/environments.js';
import { liveOrigins, type OriginRule, SANDBOX_ORIGINS } from '../keys/origins.js';
import { ENVIRONMENT_KEYS, platformKeyPrefix, widgetKeyPrefix } from '../keys/prefixes.js';
import type { AddressPolicy } from '../webhooks/address-guard.js';
import { HTTPS_ONLY, HTTPS_OR_HTTP, type SchemeRule } from '../webhooks/endpoint-url.js';
import type { ImportOrigin } from '../datasets/official/official-datasets.js';

export interface EnvironmentPolicy {
  name: Environment;
  /** The prefixes of the keys it takes. */
  keys: { platform: string; widget: string };
  /** A widget key of the other environment: its prefix, and the words that send its holder to the right host. */
  foreignWidgetKey: { prefix: string; refusal: string };
  /** Whether it makes data up: a reset to the fixtures, a webhook test event (the sandbox does; live never). */
  makesUpData: boolean;
  /** Why live refuses what only the sandbox has, for `what` ("A reset", "A test event"). */
  sandboxOnly(what: string): string;
  /** Hosts it may call: webhook receivers, AI apps' metadata documents (live: no loopback or private address). */
  callableHosts: AddressPolicy;
  /** The websites a widget key may name. */
  widgetOrigins: OriginRule;
  /** The schemes a webhook receiver may use: https only in live. */
  webhookSchemes: SchemeRule;
  /** The workspaces an AI app may be connected for: in live, only organizations whose review was approved. */
  aiAppWorkspaces: 'every' | 'reviewed';
  /** The partner sites an agency may distribute to: in live, only real organizations whose review was approved. */
  partnerSites: 'every' | 'reviewed';
  /** The origins of the imported data it lists. */
  dataOrigins: ImportOrigin[];
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
    foreignWidgetKey: ENVIRONMENT_KEYS[name].foreignWidgetKey,
    makesUpData: !live,
    sandboxOnly: (what) => `${what} exists only in the sandbox; live data are never reset or made up.`,
    callableHosts: live ? { allowHosts: new Set() } : deployment.addresses,
    widgetOrigins: live ? liveOrigins(deployment.loopbackOrigins ?? false) : SANDBOX_ORIGINS,
    webhookSchemes: live ? HTTPS_ONLY : HTTPS_OR_HTTP,
    aiAppWorkspaces: live ? 'reviewed' : 'every',
    partnerSites: live ? 'reviewed' : 'every',
    dataOrigins: live ? ['official'] : ['official', 'generated'],
    valuedOrigins: live ? ['official', 'sample'] : ['official', 'generated'],
  };
}
