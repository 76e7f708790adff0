/** Messages for the site owner, prefixed so they can tell them from the page's own; `about` is logged alongside. */
export function tellSiteOwner(message: string, level: 'warn' | 'error' = 'warn', ...about: unknown[]): void {
  console[level](`[service-valuation] ${message}`, ...about);
}
