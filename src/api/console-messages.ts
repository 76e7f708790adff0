/**
 * The reference of every console message and error code a site owner can meet, served by the widget
 * host at `docs/messages` and linked from each message (`…/docs/messages#missing_key`). The messages
 * in the widget stay short; what they mean and how to fix them is written here, once. Not shipped
 * to pages (the widget takes only MESSAGES_PATH): the service and the tests import it.
 */
import type { WidgetErrorCode } from './widget-error.js';
import type { KeyProblem } from './widget-key.js';

/** Where the widget host serves the reference, under its root. */
export const MESSAGES_PATH = 'docs/messages';

/** Codes the loader and the element name in the console, beyond the error event's codes. */
export type ConsoleCode = 'api_base' | 'load_failed' | 'not_a_container';
export type MessageCode = WidgetErrorCode | KeyProblem | ConsoleCode;

export interface MessageEntry {
  /** Where it shows: the console (site owner), the panel (visitor), the error event. */
  seen: string;
  meaning: string;
  fix: string;
}

export const CONSOLE_MESSAGES: Record<MessageCode, MessageEntry> = {
  missing_key: {
    seen: 'Console error; the panel says it is not set up; error event `missing_key`. Nothing is sent.',
    meaning: 'The container has no `data-embed-key`, or it is empty.',
    fix: 'Copy your widget key (`svce_test_…` for the sandbox, `svce_live_…` for live) from the API Console into `data-embed-key`.',
  },
  platform_key: {
    seen: 'Console error; the panel says it is not set up; error event `platform_key`. The key is never sent.',
    meaning:
      '`data-embed-key` holds a Platform API key (`svcp_…`). Platform keys are secrets and never work in a page; this one is now exposed to every visitor.',
    fix: 'Rotate the platform key in the API Console at once, and put a widget key (`svce_…`) in the snippet.',
  },
  malformed_key: {
    seen: 'Console error; the panel says it is not set up; error event `malformed_key`. Nothing is sent.',
    meaning:
      'The key is not shaped like a widget key: `svce_test_` or `svce_live_`, then 16 to 64 letters, digits or underscores.',
    fix: 'Copy the key again from the API Console; a stray space or a cut-off end is the usual cause.',
  },
  invalid_key: {
    seen: "Console error with the host's reason; the panel says it is not set up; error event `invalid_key`.",
    meaning:
      'The widget host does not know the key: it was revoked, it is a live key on the sandbox host or a sandbox key on the live host (sandbox and live are isolated), or it never existed.',
    fix: 'Create or copy a widget key for this environment in the API Console: a `svce_test_` key with the sandbox widget host, a `svce_live_` key with the live one (the live snippet loads the widget from the live host).',
  },
  origin_not_allowed: {
    seen: 'Console error naming the origin; the panel says the widget is not available on this website; error event `origin_not_allowed`.',
    meaning:
      "The page's origin is not on the key's list. Origins match exactly: scheme, host and port (`https://www.example.com` is not `https://example.com`).",
    fix: 'Add the origin the message names to the key in the API Console.',
  },
  quota_exceeded: {
    seen: 'Console warning with the reset time; the panel tells the visitor when to come back; error event `quota_exceeded`.',
    meaning: 'The key has used its 2,000 estimates for the day (searches do not count).',
    fix: 'Wait for the reset (midnight, Singapore time), or spread the widget over fewer pages. Each key has its own quota.',
  },
  invalid_request: {
    seen: "Console warning with the host's reason; the panel asks the visitor for different words; error event `invalid_request`.",
    meaning: "The host refused a request's parameters, for example a search too long or a property id it cannot read.",
    fix: 'Usually nothing: the visitor can search again. If it repeats with `data-query`, check the text you prefill.',
  },
  rate_limited: {
    seen: 'The panel asks the visitor to wait; error event `rate_limited`.',
    meaning: 'Too many requests from one visitor in a short time.',
    fix: 'Nothing: it passes by itself.',
  },
  not_found: {
    seen: 'The panel asks the visitor to search again; error event `not_found`.',
    meaning: "The chosen property is no longer in the service's data.",
    fix: 'Nothing.',
  },
  no_comparables: {
    seen: 'The panel suggests a nearby address; error event `no_comparables`.',
    meaning: 'Too few recent transactions near the property for an estimate.',
    fix: 'Nothing.',
  },
  internal_error: {
    seen: 'The panel offers "Try again"; error event `internal_error`.',
    meaning: 'The widget host failed. The widget already retried once.',
    fix: "Nothing on your side; if it lasts, the service's status page says more.",
  },
  network: {
    seen: 'The panel says the service could not be reached, or that the visitor is offline; error event `network`.',
    meaning:
      'The request never got an answer: the visitor is offline, or a proxy, extension or Content-Security-Policy (`connect-src`) blocked the widget host.',
    fix: "If it happens on every visit, allow the widget host in your page's `connect-src`.",
  },
  timeout: {
    seen: 'As `network`; error event `timeout`.',
    meaning: 'The widget host did not answer within 10 s.',
    fix: 'Nothing on your side.',
  },
  bad_response: {
    seen: 'Console warning naming what was wrong; the panel offers "Try again"; error event `bad_response`.',
    meaning:
      "An answer did not match the widget host's contract, so it was not shown. The message gives the JSON path of the first value that broke it; the rule is in the contract (OpenAPI) at that path.",
    fix: 'Check that `data-api-base` points at the widget host; otherwise report the message to the service.',
  },
  api_base: {
    seen: 'Console warning.',
    meaning: '`data-api-base` is not an http(s) URL, so the widget uses the host it was loaded from.',
    fix: "Set `data-api-base` to the widget host's URL, or remove it.",
  },
  load_failed: {
    seen: 'Console error; each container shows a short notice with the attribution and the disclaimer.',
    meaning:
      "widget.js arrived, but the element's code in it could not run: most often Trusted Types enforced without the `lit-html` policy (the browser's own console line beside it names the policy). A browser below the support line gets the notice without a console line. (When widget.js itself is refused, by a Content-Security-Policy, a blocker or a pinned hash, nothing of the widget runs and only the browser reports it.)",
    fix: "With Trusted Types, add `lit-html` to the `trusted-types` directive. For widget.js itself, add the widget host to `script-src` (or put the page's nonce on the snippet's script: see the recipes in docs/site-owners.md).",
  },
  language_failed: {
    seen: 'Console warning; the panel shows the short notice with the attribution and the disclaimer instead, until the page picks another language.',
    meaning:
      "The panel's language file (`data-lang` zh, ms or ta) could not be fetched from the widget host, or its bytes did not match the hash widget.js carries for it, so the browser refused it. The browser's own console line names which: a Content-Security-Policy without the widget host in `connect-src`, the host unreachable, or a file changed on its way.",
    fix: "Keep the widget host in `connect-src` (the panel's searches need it too). A hash mismatch is never yours to fix: tell the service, and leave `integrity` on a pinned snippet.",
  },
  not_a_container: {
    seen: 'Console warning naming the element.',
    meaning:
      'The `data-service-valuation` attribute is on an element that cannot hold a shadow root (an `<input>`, an `<img>`, a custom element that took it).',
    fix: 'Put the attribute on an empty `<div>`.',
  },
};
