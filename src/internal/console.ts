/**
 * Messages for the site owner: prefixed so they can tell them from the page's own, and each ending
 * with its entry in the widget host's reference (api/console-messages.ts), which says what it
 * means and how to fix it, so the message itself stays short.
 */

import { MESSAGES_PATH } from '../api/console-messages.js';

export function tellSiteOwner(message: string, code: string, hostRoot: string, level: 'warn' | 'error' = 'warn'): void {
  console[level](`[service-valuation] ${message} ${hostRoot}${MESSAGES_PATH}#${code}`);
}

/** A teller that says each distinct message once (per widget): a site owner needs to read it, not scroll past it. */
export function tellSiteOwnerOnce(): typeof tellSiteOwner {
  const told = new Set<string>();
  return (message, ...rest) => {
    if (told.has(message)) return;
    told.add(message);
    tellSiteOwner(message, ...rest);
  };
}
