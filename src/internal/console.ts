/** Messages for the site owner, prefixed so they can tell them from the page's own. */
const PREFIX = '[service-valuation]';

export const warnSiteOwner = (message: string) => console.warn(`${PREFIX} ${message}`);
export const tellSiteOwnerError = (message: string) => console.error(`${PREFIX} ${message}`);
