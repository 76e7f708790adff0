/**
 * Turns what went wrong into words for the person who can fix it: the visitor on the panel,
 * the site owner in the console.
 */
import type { KeyProblem } from '../api/widget-key.js';
import type { WidgetError } from '../api/widget-error.js';

export interface Problem {
  /** Shown on the panel. */
  visitor: string;
  /** Logged for the site owner; absent when the visitor can fix it. */
  siteOwner?: string;
  retry: boolean;
}

const SOMETHING_WRONG = 'Something went wrong on our side. Please try again.';
const NOT_SET_UP = 'This valuation widget is not set up yet. Please let the website owner know.';

export function keyProblem(problem: KeyProblem, key: string): Problem {
  const siteOwner = {
    missing_key: 'data-embed-key is missing. Add your widget key (svce_test_… or svce_live_…) from the API Console.',
    platform_key:
      'data-embed-key holds a platform API key (svcp_…). It was not sent, but it is a secret exposed in this page: rotate it in the API Console now, and use a widget key (svce_…) here.',
    malformed_key: `data-embed-key "${key.slice(0, 80)}" is not a widget key: svce_test_ or svce_live_ and 16 to 64 letters, digits or underscores.`,
  }[problem];
  return { visitor: NOT_SET_UP, retry: false, siteOwner };
}

const resetTime = (resetAt?: string) => {
  const date = resetAt ? new Date(resetAt) : undefined;
  return date && !Number.isNaN(date.getTime())
    ? new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', day: 'numeric', month: 'short' }).format(date)
    : 'tomorrow';
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
      return { visitor: NOT_SET_UP, siteOwner };
    case 'origin_not_allowed':
      return { visitor: 'The valuation widget is not available on this website.', siteOwner };
    case 'quota_exceeded':
      return { visitor: `This website has used all of today's free estimates. Please try again after ${resetTime(error.details.resetAt)}.`, siteOwner };
    case 'invalid_request':
      return { visitor: 'That search could not be used. Please try different words.', siteOwner };
    case 'not_found':
      return { visitor: 'We could not find that property any more. Please search again.' };
    case 'no_comparables':
      return { visitor: 'There are too few recent transactions near this property to estimate its value. Try a nearby address.' };
    case 'network':
    case 'timeout':
      return {
        visitor: navigator.onLine
          ? 'The valuation service could not be reached. Please try again.'
          : 'You seem to be offline. Check your connection and try again.',
      };
    case 'internal_error':
      return { visitor: SOMETHING_WRONG };
    case 'bad_response':
      return { visitor: SOMETHING_WRONG, siteOwner };
  }
}

/** Problems that stop the whole widget (until the site owner fixes them), not one search. */
export const isSetupProblem = (error: WidgetError) => error.code === 'invalid_key' || error.code === 'origin_not_allowed';
