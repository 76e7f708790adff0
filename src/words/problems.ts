/**
 * Turns what went wrong into words for the person who can fix it: the visitor on the panel,
 * the site owner in the console.
 */
import type { KeyProblem } from '../api/widget-key.js';
import type { WidgetError } from '../api/widget-error.js';
import { words } from './words.js';

export interface Problem {
  /** Shown on the panel. */
  visitor: string;
  /** Logged for the site owner; absent when the visitor can fix it. */
  siteOwner?: string;
  retry: boolean;
}

/** The site owner's line is short: the reference its link points to says how to fix it. */
export function keyProblem(problem: KeyProblem, key: string): Problem {
  const siteOwner = {
    missing_key: 'data-embed-key is missing.',
    platform_key: 'data-embed-key holds a platform API key (svcp_…), a secret: rotate it now.',
    malformed_key: `data-embed-key "${key.slice(0, 80)}" is not a widget key.`,
  }[problem];
  return { visitor: words.notSetUp, retry: false, siteOwner };
}

/** A failure in words; whether the visitor gets "Try again" is the error's own rule (`retryable`). */
export function hostProblem(error: WidgetError): Problem {
  return { ...describe(error), retry: error.retryable };
}

/**
 * The host words its refusals for both: `message` for the site owner (it names the origin to add, or
 * when the quota resets), `visitorMessage` for the visitor, in the panel's language. The widget words
 * only what the host cannot say.
 */
function describe(error: WidgetError): Omit<Problem, 'retry'> {
  switch (error.code) {
    case 'network':
    case 'timeout':
      return { visitor: navigator.onLine ? words.unreachable : words.offline };
    case 'bad_response':
      return { visitor: words.ourSide, siteOwner: error.message };
    default:
      return {
        visitor: error.details.visitorMessage ?? words.ourSide,
        siteOwner: SITE_OWNERS_TO_FIX.includes(error.code) ? error.message : undefined,
      };
  }
}

/** Host refusals the site owner can act on; the others pass, or are the visitor's to retry. */
const SITE_OWNERS_TO_FIX: WidgetError['code'][] = [
  'invalid_key',
  'origin_not_allowed',
  'quota_exceeded',
  'invalid_request',
  'language_failed',
];

/** Problems that stop the whole widget (until the site owner fixes them), not one search. */
export const isSetupProblem = (error: WidgetError) =>
  error.code === 'invalid_key' || error.code === 'origin_not_allowed';
