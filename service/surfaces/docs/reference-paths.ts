/** Where each page of the Platform API's reference is (reference-pages.ts), for links between them. */
export const REFERENCE_ROOT = '/reference';
export const SCHEMAS_PAGE = `${REFERENCE_ROOT}/schemas`;
export const EVENTS_PAGE = `${REFERENCE_ROOT}/webhook-events`;
export const ALL_PAGE = `${REFERENCE_ROOT}/all`;
export const SEARCH_PAGE = `${REFERENCE_ROOT}/search`;
