/**
 * The widget host (sandbox and live): one implementation of contract/widget-host.openapi.json, with no
 * transport of its own. Its routes on the service's origin (routes.ts) and MSW (sandbox/in-page-host.ts) both
 * call `handle`, which checks who asks (asking.ts) and answers the operation (suggestions.ts,
 * estimates.ts).
 */
import { createEstimateEngine } from '../../core/estimates/engine.js';
import { SUGGESTION_LIMITS } from '../../core/metering/limits.js';
import { memoryMeter } from '../../core/metering/memory-meter.js';
import { memoryRates } from '../../core/metering/rate-store.js';
import { createTokenBuckets } from '../../core/metering/token-bucket.js';
import { createVisitorLimit } from '../../core/metering/visitor-limit.js';
import { meteredEstimate } from '../../core/valuations/metered-estimate.js';
import { ENVIRONMENT_KEYS } from '../../core/keys/prefixes.js';
import { memoryWidgetKeys } from '../../core/keys/widget-keys.js';
import { checkAsking } from './asking.js';
import { estimatesAnswer } from './estimates.js';
import type { HostRequest, HostResponse } from './exchange.js';
import type { HostOptions } from './host-options.js';
import { suggestionsAnswer } from './suggestions.js';

export type { WidgetKeyConfig } from '../../core/keys/widget-keys.js';
export type { HostRequest, HostResponse } from './exchange.js';
export type { HostOptions } from './host-options.js';

export function createWidgetHost(options: HostOptions) {
  if (!options.engine && !options.data) throw new Error('A widget host values homes: give it an engine or data.');
  const engine = options.engine ?? createEstimateEngine({ ...options, ...options.data! });
  const { now } = engine;
  const store = options.rates ?? memoryRates();
  const { perAddress, perKey } = SUGGESTION_LIMITS;
  const meter = options.meter ?? memoryMeter();
  const asking = {
    keys: options.keyStore ?? memoryWidgetKeys(options.keys ?? []),
    foreignKey: options.foreignKey ?? ENVIRONMENT_KEYS.sandbox.foreignWidgetKey,
    previewOrigin: options.previewOrigin,
  };
  // The sandbox's documented failures and delays (magic) where its servers mount them; live is given none.
  const suggestions = {
    engine,
    byAddress: createTokenBuckets(perAddress.burst, perAddress.perSecond, now, { store, prefix: 'suggest:address:' }),
    byKey: createTokenBuckets(perKey.burst, perKey.perSecond, now, { store, prefix: 'suggest:key:' }),
    magic: options.magic,
  };
  const estimates = {
    estimates: options.estimates ?? meteredEstimate({ engine, meter }),
    visitorLimit: options.visitorLimit === undefined ? createVisitorLimit(meter, now, { store }) : options.visitorLimit,
    magic: options.magic,
    onQuotaReached: options.onQuotaReached,
    now,
  };

  async function handle(request: HostRequest): Promise<HostResponse> {
    const asked = await checkAsking(request, asking);
    if ('status' in asked) return asked;
    return asked.operation === 'suggestions'
      ? suggestionsAnswer(request, asked, suggestions)
      : estimatesAnswer(request, asked, estimates);
  }

  return { handle, homes: engine.homes, engine };
}

export type WidgetHost = ReturnType<typeof createWidgetHost>;
