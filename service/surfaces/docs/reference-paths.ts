/** Where each page of the Platform API's reference is (reference-pages.ts), for links between them. */
export const REFERENCE_ROOT = '/reference';
export const SCHEMAS_PAGE = `${REFERENCE_ROOT}/schemas`;
export const EVENTS_PAGE = `${REFERENCE_ROOT}/webhook-events`;
export const ALL_PAGE = `${REFERENCE_ROOT}/all`;
export const SEARCH_PAGE = `${REFERENCE_ROOT}/search`;
export const CHANGELOG_PAGE = `${REFERENCE_ROOT}/changelog`;
/** The contract in one file, and the Postman collection and this deployment's environment made from it. */
export const BUNDLED_PATH = '/openapi.bundled.json';
export const POSTMAN_COLLECTION_PATH = '/postman/collection.json';
export const POSTMAN_ENVIRONMENT_PATH = '/postman/environment.json';
