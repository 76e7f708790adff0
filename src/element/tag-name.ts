/** The element's tag, for the registration and the package entry alike. */
export const TAG_NAME = 'service-valuation';
