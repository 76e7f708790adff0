/** What a deployment decides and the parts of the service read: where each origin is reached, and its policies. */
import type { AddressPolicy } from '../webhooks/address-guard.js';

export interface ServiceSettings {
  /** Where people reach each origin, behind a balancer or on loopback: the widget host's ends with `/`. */
  urls: { widgetHost: string; platform: string; mcp: string };
  /** Seals the webhook signing secrets at rest (secrets-key.ts). */
  secretsKey: Buffer;
  /** Which hosts the service may call: webhook receivers and OAuth clients' metadata documents. */
  addresses: AddressPolicy;
  /** Each visitor address's share of estimates; false for a QA suite that asks for hundreds from one machine. */
  visitorLimits: boolean;
  /** The clock every part reads (a test may set it). */
  now?: () => Date;
}

/** The service's pages that other origins link to, from its public URLs. */
export function linksOf(urls: ServiceSettings['urls']) {
  const consolePage = (path: string) => `${urls.widgetHost}console/${path}`;
  return {
    widgetHost: urls.widgetHost,
    consolePage,
    consent: (requestId: string) => consolePage(`oauth/consent?request=${requestId}`),
    apiReference: `${urls.platform}/reference`,
    apiBase: `${urls.platform}/v1`,
    mcpEndpoint: `${urls.mcp}/mcp`,
  };
}

export type ServiceLinks = ReturnType<typeof linksOf>;
