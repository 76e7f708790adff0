import type { HostErrorCode } from './types.js';

/** What went wrong, in terms the element can turn into a message for the visitor or the site owner. */
export type WidgetErrorCode = HostErrorCode | 'network' | 'timeout' | 'bad_response';

export class WidgetError extends Error {
  constructor(
    readonly code: WidgetErrorCode,
    message: string,
    readonly details: { status?: number; origin?: string; resetAt?: string } = {},
  ) {
    super(message);
    this.name = 'WidgetError';
  }

  /** Worth trying again as it is: the host or the network failed, not the request. */
  get retryable(): boolean {
    return this.code === 'network' || this.code === 'timeout' || this.code === 'internal_error' || this.code === 'bad_response';
  }
}
