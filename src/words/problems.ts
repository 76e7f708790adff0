/**
 * Turns what went wrong into words for the person who can fix it: the visitor on the panel,
 * the site owner in the console.
 */
import type { KeyProblem } from '../api/widget-key.js';
import type { WidgetError } from '../api/widget-error.js';
import { formatDateTime } from '../format/format.js';
import * as en from './en.js';

export interface Problem {
  /** Shown on the panel. */
  visitor: string;
  /** Logged for the site owner; absent when the visitor can fix it. */
  siteOwner?: string;
  retry: boolean;
}



export function keyProblem(problem: KeyProblem, key: string): Problem {
  const siteOwner = {
    missing_key: 'data-embed-key is missing. Add your widget key (svce_test_… or svce_live_…) from the API Console.',
    platform_key:
      'data-embed-key holds a platform API key (svcp_…). It was not sent, but it is a secret exposed in this page: rotate it in the API Console now, and use a widget key (svce_…) here.',
    malformed_key: `data-embed-key "${key.slice(0, 80)}" is not a widget key: svce_test_ or svce_live_ and 16 to 64 letters, digits or underscores.`,
  }[problem];
  return { visitor: en.notSetUp, retry: false, siteOwner };
}

const resetTime = (resetAt?: string) => {
  const date = new Date(resetAt ?? NaN);
  return Number.isNaN(date.getTime()) ? en.tomorrow : formatDateTime(date);
};

/** A failure in words; whether the visitor gets "Try again" is the error's own rule (`retryable`). */
export function hostProblem(error: WidgetError): Problem {
  return { ...describe(error), retry: error.retryable };
}

/**
 * The host's own `message` is written for the site owner (it names the origin to add, or when the
 * quota resets), so it is passed on as it is.
 */
function describe(error: WidgetError): Omit<Problem, 'retry'> {
  const siteOwner = error.message;
  switch (error.code) {
    case 'invalid_key':
      return { visitor: en.notSetUp, siteOwner };
    case 'origin_not_allowed':
      return { visitor: en.notOnThisSite, siteOwner };
    case 'quota_exceeded':
      return { visitor: en.quotaUsed(resetTime(error.details.resetAt)), siteOwner };
    case 'invalid_request':
      return { visitor: en.unusableSearch, siteOwner };
    case 'rate_limited':
      return { visitor: en.tooManySearches };
    case 'not_found':
      return { visitor: en.propertyGone };
    case 'no_comparables':
      return { visitor: en.noComparables };
    case 'network':
    case 'timeout':
      return { visitor: navigator.onLine ? en.unreachable : en.offline };
    case 'internal_error':
      return { visitor: en.ourSide };
    case 'bad_response':
      return { visitor: en.ourSide, siteOwner };
  }
}

/** Problems that stop the whole widget (until the site owner fixes them), not one search. */
export const isSetupProblem = (error: WidgetError) => error.code === 'invalid_key' || error.code === 'origin_not_allowed';
