/** Messages for the site owner, prefixed so they can tell them from the page's own. */
export function tellSiteOwner(message: string, level: 'warn' | 'error' = 'warn'): void {
  console[level](`[service-valuation] ${message}`);
}
