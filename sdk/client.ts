/**
 * The Platform API's TypeScript SDK: typed by the types generated from contract/platform.openapi.json
 * (openapi-typescript) and sent with openapi-fetch. It picks the environment from the key's prefix
 * and refuses a mismatch before sending anything, retries 429 and 5xx with backoff that honours
 * Retry-After within a few seconds in all (never a spent daily quota, which fails at once), iterates
 * pages, and throws PlatformError carrying the problem body.
 */
import createClient from 'openapi-fetch';
import contract from '../contract/platform.openapi.json' with { type: 'json' };
import type { components, paths } from '../contract/generated/platform.js';
import { webhookOperations } from './webhook-operations.js';
import { operationCaller } from './operations.js';

export { verifyWebhook, type WebhookEvent, type WebhookVerification } from './verify-webhook.js';
export {
  OPERATIONS,
  type OperationId,
  type OperationInput,
  type OperationResult,
  type OperationSpec,
} from './operations.js';

export type Problem = components['schemas']['Problem'];
export type Estimate = components['schemas']['Estimate'];
export type Mode = components['schemas']['Mode'];
export type Environment = 'sandbox' | 'live';

/** The contract's servers: the sandbox first, live second. */
export const DEFAULT_BASE_URLS: Record<Environment, string> = {
  sandbox: contract.servers[0].url,
  live: contract.servers[1].url,
};

/** A failure the API answered: its problem body, status and request id. */
export class PlatformError extends Error {
  readonly status: number;
  readonly code: Problem['code'];
  readonly requestId?: string;
  constructor(readonly problem: Problem) {
    super(`${problem.code}: ${problem.detail}`);
    this.name = 'PlatformError';
    this.status = problem.status;
    this.code = problem.code;
    this.requestId = problem.requestId;
  }
}

/** A mistake caught before any request is sent: a key that cannot work where it is pointed. */
export class PlatformConfigError extends Error {
  override name = 'PlatformConfigError';
}

export interface PlatformClientOptions {
  apiKey: string;
  /** Defaults to the environment the key belongs to. */
  baseUrl?: string;
  /** Attempts after the first for a 429 or 5xx answer, or a network failure. */
  maxRetries?: number;
  /**
   * The most the client waits between attempts, in all (milliseconds; 5,000 by default). An answer that
   * asks for a longer wait (`Retry-After`) is returned as it is rather than slept on.
   */
  maxRetryWaitMs?: number;
  fetch?: typeof fetch;
  /** How the client waits between attempts (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
}

/** The environment a key belongs to, or why it cannot authenticate the Platform API at all. */
export function environmentOf(apiKey: string): Environment {
  if (typeof apiKey !== 'string' || !apiKey)
    throw new PlatformConfigError(
      'No API key: pass apiKey, a platform key from the API Console (svcp_test_… for the sandbox).',
    );
  if (apiKey.startsWith('svcp_test_')) return 'sandbox';
  if (apiKey.startsWith('svcp_live_')) return 'live';
  if (apiKey.startsWith('svce_'))
    throw new PlatformConfigError(
      'This is a widget key (svce_…): widget keys never authenticate the Platform API. Use a platform key (svcp_…).',
    );
  throw new PlatformConfigError('An API key starts with svcp_test_ (sandbox) or svcp_live_ (live).');
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Whether an answer is worth asking again: 429 and 5xx, except a spent daily quota (it resets at midnight UTC). */
async function retryable(response: Response): Promise<boolean> {
  if (response.status !== 429) return response.status >= 500;
  const problem = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return problem?.code !== 'quota_exceeded';
}

/** Milliseconds before the next attempt: Retry-After when the API sent one, else 0.5 s, 1 s, 2 s… */
function backoff(response: Response | undefined, attempt: number): number {
  const header = response?.headers.get('retry-after');
  const retryAfter = header ? Number(header) : NaN;
  return Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : 500 * 2 ** attempt;
}

/** A URL's origin as a host compares it: scheme and name in lower case, no default port, no root dots. */
function originOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PlatformConfigError(`baseUrl must be an absolute URL, such as ${DEFAULT_BASE_URLS.sandbox}.`);
  }
  return `${parsed.protocol}//${parsed.hostname.replace(/\.+$/, '')}${parsed.port ? `:${parsed.port}` : ''}`;
}

export function createPlatformClient(options: PlatformClientOptions) {
  const environment = environmentOf(options.apiKey);
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URLS[environment]).replace(/\/$/, '');
  // However it is written (API.Service.example, :443, a trailing dot), the live host is the live host.
  const pointsAtLive = originOf(baseUrl) === originOf(DEFAULT_BASE_URLS.live);
  if (environment === 'live' && originOf(baseUrl) === originOf(DEFAULT_BASE_URLS.sandbox)) {
    throw new PlatformConfigError(
      `A live key (svcp_live_…) works only against the live Platform API, and ${baseUrl} is the sandbox's; sandbox and live are always isolated. Pass the live base URL as baseUrl (SERVICE_BASE_URL for the CLI).`,
    );
  }
  if (environment === 'sandbox' && pointsAtLive) {
    throw new PlatformConfigError(
      'A sandbox key (svcp_test_…) cannot authenticate the live host; sandbox and live are always isolated.',
    );
  }
  // A live key is a secret that reaches real data: never over plain http, except to this machine.
  const { protocol, hostname } = new URL(baseUrl);
  if (environment === 'live' && protocol !== 'https:' && !/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(hostname)) {
    throw new PlatformConfigError(
      `A live key (svcp_live_…) is sent only over https (or to this machine): ${baseUrl} is plain http. Use the live host's https address.`,
    );
  }
  if (environment === 'live' && new URL(baseUrl).hostname.endsWith('.example')) {
    throw new PlatformConfigError(
      `A live key (svcp_live_…) works only against the live host, which opens to an organization after integration review; this build knows it only as ${baseUrl}. Pass your deployment's live base URL as baseUrl (SERVICE_BASE_URL for the CLI), or build against the sandbox with a svcp_test_ key.`,
    );
  }
  const maxRetries = options.maxRetries ?? 3;
  const maxRetryWaitMs = options.maxRetryWaitMs ?? 5000;
  const sleep = options.sleep ?? wait;
  const fetchOnce = options.fetch ?? globalThis.fetch;

  /** Every request goes through here: retried while the answer is 429 or 5xx, or the network fails. */
  async function fetchWithRetries(request: Request): Promise<Response> {
    let waited = 0;
    for (let attempt = 0; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await fetchOnce(request.clone());
        if (!(await retryable(response))) return response;
      } catch (error) {
        failure = error;
      }
      const delay = backoff(response, attempt);
      if (attempt >= maxRetries || waited + delay > maxRetryWaitMs) {
        if (response) return response;
        throw failure;
      }
      waited += delay;
      await sleep(delay);
    }
  }

  const api = createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
    fetch: fetchWithRetries,
  });

  /** The data of a successful answer, or a PlatformError with the problem. */
  async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
    const { data, error, response } = await call;
    if (data !== undefined && response.ok) return data;
    const problem = error as Problem | undefined;
    if (problem && typeof problem === 'object' && 'code' in problem) throw new PlatformError(problem);
    throw new PlatformError({
      type: 'about:blank',
      title: response.statusText || 'Unexpected answer',
      status: response.status,
      detail: `The API answered ${response.status} without a problem body.`,
      code: 'internal_error',
      requestId: response.headers.get('request-id') ?? '',
    });
  }

  type ListPath = '/products' | '/developers/current/projects' | '/webhooks/endpoints';
  const list = <P extends ListPath>(path: P, query: { limit?: number; cursor?: string } = {}) =>
    unwrap(api.GET(path as ListPath, { params: { query } }));

  /** Every item of a collection, page after page. */
  async function* all<P extends ListPath>(path: P, limit = 100) {
    let cursor: string | undefined;
    do {
      const page = await list(path, { limit, cursor });
      yield* page.data as Awaited<ReturnType<typeof list<P>>>['data'];
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  return {
    environment,
    baseUrl,
    /** The typed openapi-fetch client, for anything the helpers below do not cover. */
    api,
    /** Any operation by its contract operationId, typed from the contract: `call('listLeads', { query: { status: 'unrouted' } })`. */
    call: operationCaller(api, unwrap, (message) => new PlatformConfigError(message)),
    organizations: { current: () => unwrap(api.GET('/organizations/current')) },
    products: {
      list: (query?: { limit?: number; cursor?: string }) => list('/products', query),
      all: () => all('/products'),
    },
    agents: { current: () => unwrap(api.GET('/agents/current')) },
    developers: {
      projects: {
        list: (query?: { limit?: number; cursor?: string }) => list('/developers/current/projects', query),
        all: () => all('/developers/current/projects'),
      },
    },
    webhooks: (() => {
      const operations = webhookOperations(api, unwrap);
      return { ...operations, endpoints: { ...operations.endpoints, all: () => all('/webhooks/endpoints') } };
    })(),
    valuations: {
      search: (q: string) => unwrap(api.GET('/valuations/properties', { params: { query: { q } } })),
      estimate: (propertyId: string, mode: Mode = 'sale') =>
        unwrap(
          api.GET('/valuations/properties/{propertyId}/estimate', {
            params: { path: { propertyId }, query: { mode } },
          }),
        ),
    },
  };
}

export type PlatformClient = ReturnType<typeof createPlatformClient>;
