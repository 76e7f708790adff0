/** What a deployment decides and the parts of the service read: where each origin is reached, and its policies. */
import type { EngineOptions } from '../estimates/engine.js';
import type { FetchSettings } from '../datasets/fetch/official-fetch.js';
import type { HdbData } from '../estimates/hdb-estimate.js';
import type { Homes } from '../estimates/homes.js';
import type { RestoreFixtures } from '../listings/sandbox-reset.js';
import type { AddressPolicy } from '../webhooks/address-guard.js';
import type { MailSettings } from '../mail/mail-settings.js';
import type { PasskeySettings } from '../accounts/passkeys.js';
import type { Environment } from '../../db/environments.js';
import type { components } from '../../../contract/generated/platform.js';

/**
 * The data a deployment serves, given to the core (which never imports where it came from): the homes
 * the engine values, and the sandbox's own rows, which live has none of.
 */
export interface DeploymentData {
  homes: Homes;
  /** HDB's own files, when imported (the HDB model values their flats), and what each estimate rests on. */
  hdb?: HdbData;
  sources?: EngineOptions['sources'];
  /** What a sandbox reset puts back (live has nothing to put back). */
  fixtures: { restore: RestoreFixtures };
  /** The deployment's own content (its news and what it offers), served as it is; without it, a surface says there is none. */
  content?: DeploymentContent;
  /** Why these data cannot serve yet (live with nothing imported): the deployment reports not ready. */
  notReady?: string;
  /**
   * How to load these data again when another process imported more (a scheduled fetch, an operator's
   * import): `fingerprint` says what the imports are now (imports-fingerprint.ts), `seen` what they were
   * when these were loaded. Without it, the data are the deployment's for as long as it runs.
   */
  reload?: { seen: string; fingerprint(): Promise<string>; load(): Promise<DeploymentData> };
}

/** Content a deployment publishes, like its homes: the sandbox's is written for it; live's is what its operator loads. */
export interface DeploymentContent {
  news: { asOf: string; items: components['schemas']['NewsList']['items'] };
  /** What the service offers, by product kind; `path` is under the service's own pages. */
  offerings: Partial<Record<components['schemas']['ProductKind'], { name: string; description: string; path: string }>>;
}

export interface ServiceSettings {
  /** Which environment the parts serve (db/environments.ts): the sandbox (the default) or live. */
  environment?: Environment;
  /**
   * Where people reach each origin, behind a balancer or on loopback: the widget host's ends with `/`.
   * `console`: the service's own origin, where the API Console is (the sandbox's widget host, which
   * serves both environments' consoles); the widget host's by default.
   */
  urls: { widgetHost: string; platform: string; mcp: string; console?: string };
  /** Live only: widget keys may list loopback origins too (a deployment for development, never production). */
  loopbackOrigins?: boolean;
  /** Seals the webhook signing secrets at rest (secrets-key.ts). */
  secretsKey: Buffer;
  /** Which hosts the service may call: webhook receivers and OAuth clients' metadata documents. */
  addresses: AddressPolicy;
  /** Each visitor address's share of estimates; false for a QA suite that asks for hundreds from one machine. */
  visitorLimits: boolean;
  data: DeploymentData;
  /** The official sources this environment fetches by itself, on schedule and on demand; without it, none. */
  fetch?: FetchSettings;
  /** Where mail leaves (SMTP) and who it is from; without it mail waits in the outbox. */
  mail?: MailSettings;
  /** Where passkeys are made and used; by default the console's host (`localhost` for an IP address). */
  passkeys?: PasskeySettings;
  /** The clock every part reads (a test may set it). */
  now?: () => Date;
}

/** The service's pages that other origins link to, from its public URLs. */
export function linksOf(urls: ServiceSettings['urls'], environment: Environment = 'sandbox') {
  const consolePage = (path: string) => `${urls.console ?? urls.widgetHost}console/${path}`;
  return {
    widgetHost: urls.widgetHost,
    consolePage,
    /** An AI app's consent and a write it asks for belong to one environment: their links say which. */
    consent: (requestId: string) => consolePage(`oauth/consent?request=${requestId}&environment=${environment}`),
    actionPage: (actionId: string) => consolePage(`mcp/actions/${actionId}?environment=${environment}`),
    apiReference: `${urls.platform}/reference`,
    apiBase: `${urls.platform}/v1`,
    mcpEndpoint: `${urls.mcp}/mcp`,
  };
}

export type ServiceLinks = ReturnType<typeof linksOf>;
