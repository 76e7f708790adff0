import type { Actor } from '../../core/keys/widget-key-admin.js';

/** The signed-in person a token acts for. */
export type Caller = Actor & {
  /** The AI app calling (its OAuth client id): a confirmation page names it. */
  clientId?: string;
};
