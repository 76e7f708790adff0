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

const NOT_SET_UP = 'This valuation widget is not set up yet. Please let the website owner know.';

export function keyProblem(problem: KeyProblem, key: string): Problem {
  switch (problem) {
    case 'missing':
      return { visitor: NOT_SET_UP, retry: false, siteOwner: 'data-embed-key is missing or empty. Add your widget key (svce_test_… or svce_live_…) from the API Console to the container.' };
    case 'platform_key':
      return {
        visitor: NOT_SET_UP,
        retry: false,
        siteOwner:
          'data-embed-key holds a platform API key (svcp_…). It has not been sent anywhere, but it is a secret and it is now exposed in this page: rotate it in the API Console immediately, and use a widget key (svce_…) here instead.',
      };
    case 'malformed':
      return {
        visitor: NOT_SET_UP,
        retry: false,
        siteOwner: `data-embed-key "${key.slice(0, 80)}${key.length > 80 ? '…' : ''}" is not a widget key: expected svce_test_ or svce_live_ followed by 16 to 64 letters, digits or underscores.`,
      };
  }
}

const resetTime = (resetAt?: string) => {
  const date = resetAt ? new Date(resetAt) : undefined;
  return date && !Number.isNaN(date.getTime())
    ? new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', day: 'numeric', month: 'short' }).format(date)
    : 'tomorrow';
};

export function hostProblem(error: WidgetError): Problem {
  switch (error.code) {
    case 'invalid_key':
      return { visitor: NOT_SET_UP, retry: false, siteOwner: `The widget host refused the key: ${error.message}` };
    case 'origin_not_allowed':
      return {
        visitor: 'The valuation widget is not available on this website.',
        retry: false,
        siteOwner: error.details.origin
          ? `This website's origin ${error.details.origin} is not on the widget key's list. Add exactly "${error.details.origin}" to the key in the API Console.`
          : `The widget host could not check this website against the key: ${error.message}`,
      };
    case 'quota_exceeded':
      return {
        visitor: `This website has used all of today's free estimates. Please try again after ${resetTime(error.details.resetAt)}.`,
        retry: false,
        siteOwner: `The widget key has used its 2,000 estimates for today; the quota resets at ${error.details.resetAt ?? 'midnight UTC'}.`,
      };
    case 'not_found':
      return { visitor: 'We could not find that property any more. Please search again.', retry: false };
    case 'no_comparables':
      return { visitor: 'There are too few recent transactions near this property to estimate its value. Try a nearby address.', retry: false };
    case 'invalid_request':
      return { visitor: 'That search could not be used. Please try different words.', retry: false, siteOwner: error.message };
    case 'network':
    case 'timeout':
      return {
        visitor: navigator.onLine
          ? 'The valuation service could not be reached. Please try again.'
          : 'You seem to be offline. Check your connection and try again.',
        retry: true,
      };
    case 'internal_error':
    case 'bad_response':
      return { visitor: 'Something went wrong on our side. Please try again.', retry: true, siteOwner: error.code === 'bad_response' ? error.message : undefined };
  }
}

/** Problems that stop the whole widget (until the site owner fixes them), not one search. */
export const isSetupProblem = (error: WidgetError) => error.code === 'invalid_key' || error.code === 'origin_not_allowed';
