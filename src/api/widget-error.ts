import type { HostErrorCode } from './types.js';

/** What went wrong, in terms the element can turn into a message for the visitor or the site owner. */
export type WidgetErrorCode = HostErrorCode | 'network' | 'timeout' | 'bad_response' | 'language_failed';

export class WidgetError extends Error {
  constructor(
    readonly code: WidgetErrorCode,
    /** For the site owner, where theirs to read (the host's own words, or what broke the contract). */
    message: string = code,
    readonly details: {
      status?: number;
      origin?: string;
      resetAt?: string;
      visitorMessage?: string;
      /** The home form's field the host refused (a storey above the block's highest sale). */
      parameter?: 'storey' | 'floorAreaSqm';
    } = {},
  ) {
    super(message);
  }

  /** Anything a request threw, as a WidgetError: a failure that is not one already is the network's. */
  static from(error: unknown): WidgetError {
    return error instanceof WidgetError ? error : new WidgetError('network', String(error));
  }

  /** A passing failure of the network or the host: the client retries these reads by itself. */
  get transient(): boolean {
    return this.code === 'network' || this.code === 'timeout' || this.code === 'internal_error';
  }

  /** Worth a "Try again" for the visitor: a passing failure, an answer that may come out right next time, or a wait. */
  get retryable(): boolean {
    return this.transient || this.code === 'bad_response' || this.code === 'rate_limited';
  }
}
