/**
 * `GET /v1/estimates`: a home's estimate, within the visitor's share of the key's day and then the
 * key's daily quota, in the visitor's language.
 */
import { type HomeAsked, type Mode, readHome, readMode } from '../../core/estimates/parameters.js';
import { inLanguage } from '../../core/estimates/service-words.js';
import * as problemIn from '../../../src/api/generated/checks.js';
import { DAILY_LIMITS } from '../../core/metering/limits.js';
import { secondsToUtcMidnight } from '../../core/metering/utc-day.js';
import type { VisitorLimit } from '../../core/metering/visitor-limit.js';
import type { MeteredEstimate } from '../../core/valuations/metered-estimate.js';
import type { Asking } from './asking.js';
import { type HostRequest, type HostResponse, respond } from './exchange.js';
import type { HostOptions } from './host-options.js';
import { refusedHome } from './refused-home.js';

const DAILY_ESTIMATE_QUOTA = DAILY_LIMITS.widget_estimate;

export interface EstimateParts extends Pick<HostOptions, 'magic' | 'onQuotaReached'> {
  estimates: MeteredEstimate;
  /** Each visitor address's share of a key's estimates; null for none (a QA suite). */
  visitorLimit: VisitorLimit | null;
  now: () => Date;
}

export async function estimatesAnswer(request: HostRequest, asking: Asking, parts: EstimateParts) {
  const { searchParams } = request.url;
  const { key, fail, allow } = asking;
  const id = searchParams.get('id') ?? '';
  const read = readMode(searchParams.get('mode') ?? undefined);
  if (problemIn.PropertyId(id)) return fail('invalid_request', 'id must be a suggestion id.');
  if ('problem' in read) return fail('invalid_request', read.problem);
  const asked = readHome({ storey: searchParams.get('storey'), floorAreaSqm: searchParams.get('floorAreaSqm') });
  if ('problem' in asked) return fail('invalid_request', asked.problem);

  // The visitor's share first (a refusal spends nothing of the key's day), then the key's quota; each
  // is counted before the work, in one step, so concurrent requests cannot pass a limit together.
  const estimate = () => keyEstimate(asking, id, read.mode, asked.home, parts);
  const { visitorLimit } = parts;
  if (!visitorLimit) return estimate();
  const shown = await visitorLimit.within(
    `widget:${key.id}`,
    request.clientAddress ?? 'unknown',
    estimate,
    (response) => response.status === 200,
  );
  if ('result' in shown) return shown.result;
  const { retryAfter, spent } = shown.refused;
  const share = visitorLimit.limits.perDay.toLocaleString('en');
  return fail(
    'rate_limited',
    spent === 'day'
      ? `This visitor has had ${share} estimates from this widget key today, the most one visitor may have; a script looks like this (bulk collection is not allowed).`
      : `Too many estimates from one visitor in a short time; wait ${retryAfter} s. The widget never asks this fast: this looks like a script (bulk collection is not allowed).`,
    {},
    { 'Retry-After': String(retryAfter), 'Access-Control-Expose-Headers': allow['Access-Control-Expose-Headers'] },
  );
}

/** A key's estimate within its daily quota, in the visitor's language (or the sandbox's failure asked for). */
async function keyEstimate(
  { key, language, fail, allow }: Asking,
  id: string,
  mode: Mode,
  home: HomeAsked,
  parts: EstimateParts,
): Promise<HostResponse> {
  // The sandbox's failures on request answer before anything is counted.
  const magic = parts.magic?.estimate(id);
  if (magic?.error) return fail(magic.error, 'Sandbox: the failure you asked for.');
  const answer = await parts.estimates({
    propertyId: magic?.propertyId ?? id,
    mode,
    home,
    count: { kind: 'widget_estimate', subject: key.id, startsAt: key.startsDayAt },
    onLast: (day, limit) =>
      parts.onQuotaReached?.(key.id, day, limit).catch((error: Error) => {
        console.error(`[widget-host] the quota event of ${key.id} was not recorded: ${error.message}`);
      }) ?? Promise.resolve(),
  });
  const rateLimit = (usedToday: number) => ({
    'RateLimit-Limit': String(DAILY_ESTIMATE_QUOTA),
    'RateLimit-Remaining': String(Math.max(0, DAILY_ESTIMATE_QUOTA - usedToday)),
    'RateLimit-Reset': String(secondsToUtcMidnight(parts.now())),
  });
  if ('problem' in answer && answer.problem === 'quota_exceeded')
    return fail(
      'quota_exceeded',
      `This widget key has used its ${answer.limit.toLocaleString('en')} estimates for today; the quota resets at ${answer.resetAt}.`,
      { resetAt: answer.resetAt },
      {
        'Retry-After': String(answer.retryAfter),
        ...rateLimit(answer.limit),
        'Access-Control-Expose-Headers': allow['Access-Control-Expose-Headers'],
      },
    );
  if ('problem' in answer) return refusedHome(fail, answer, id, mode, language);
  const headers = { ...allow, ...rateLimit(answer.usedToday), 'Content-Language': language };
  return respond(200, inLanguage(answer.estimate, language), headers, magic?.delayMs ?? 0);
}
